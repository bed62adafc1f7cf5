# Ask once and keep the ETag, then ask again with If-None-Match: an unchanged catalog is a 304.
# --compressed asks for Brotli or gzip and decompresses the answer.
url='{BASE_URL}/v1/biomarkers/public?template=public-light-eu'

etag=$(curl -sS --compressed -D - -o /dev/null "$url" | tr -d '\r' | awk 'tolower($1) == "etag:" { print $2 }')
echo "first: 200, ETag $etag"

curl -sS --compressed -o /dev/null -w 'again: %{http_code}\n' "$url" -H "If-None-Match: $etag"
