curl -sS -i '{BASE_URL}/v1/biomarkers/public?template=public-light-eu'
