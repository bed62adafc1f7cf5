# Needs curl 7.x or later; -i prints the status line and headers before the JSON body.
curl -sS -i '{BASE_URL}/v1/biomarkers/public?template=public-light-eu'
