# The panel that carries this marker, narrowed to it by its uuid with jq.
curl -sS '{BASE_URL}/v1/biomarkers/public?template={TEMPLATE}' \
  | jq -r '.data[] | select(.uuid == "{MARKER_UUID}")
      | [.uuid, (.translations[] | select(.locale == "{LOCALE}") | .name), .unit // empty] | join(" ")'
