# The index for language models, a page as Markdown, and the catalog: three plain GETs.
curl -sS '{BASE_URL}/llms.txt' | head -n 1
curl -sS '{BASE_URL}/developers' -H 'Accept: text/markdown' | head -n 1
curl -sS '{BASE_URL}/v1/biomarkers/public?template=public-light-eu' | jq -r '"\(.data | length) markers"'
