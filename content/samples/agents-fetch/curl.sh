# The index for language models, a page as Markdown, and the catalog: three plain GETs.
# `sed -n 1p` rather than `head -n 1`: head closes the pipe early, and under `set -o pipefail`
# curl's "failed writing body" (exit 23) would fail the script.
curl -sS '{BASE_URL}/llms.txt' | sed -n 1p
curl -sS '{BASE_URL}/developers' -H 'Accept: text/markdown' | sed -n 1p
curl -sS '{BASE_URL}/v1/biomarkers/public?template=public-light-eu' | jq -r '"\(.data | length) markers"'
