# Python 3.8 or later, standard library only: save as agent.py, run `python3 agent.py`.
import json
import urllib.request


def get(url, accept="*/*"):
    request = urllib.request.Request(url, headers={"Accept": accept})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode("utf-8")


print(get("{BASE_URL}/llms.txt").splitlines()[0])
print(get("{BASE_URL}/developers", accept="text/markdown").splitlines()[0])
catalog = json.loads(get("{BASE_URL}/v1/biomarkers/public?template=public-light-eu"))
print(f"{len(catalog['data'])} markers")
