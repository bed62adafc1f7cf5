# Python 3.8 or later, standard library only. Save as catalog.py and run `python3 catalog.py`.
import json
import urllib.error
import urllib.parse
import urllib.request

query = urllib.parse.urlencode({"template": "public-light-eu"})
url = "{BASE_URL}/v1/biomarkers/public?" + query

try:
    with urllib.request.urlopen(url, timeout=10) as response:
        status = response.status
        data = json.load(response)["data"]
except urllib.error.HTTPError as error:
    # Every error is an RFC 9457 Problem (see "Errors" in the developer guide).
    problem = json.load(error)
    raise SystemExit(f"{problem['status']} {problem['code']}: {problem['detail']}")


def name_in(translations, locale):
    by_locale = {t["locale"]: t["name"] for t in translations}
    return by_locale.get(locale, by_locale.get("en"))


print(f"{status} {len(data)} markers")
for marker in data:
    print(marker["uuid"], name_in(marker["translations"], "en"), marker.get("unit", ""))
