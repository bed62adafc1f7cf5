import urllib.request

with urllib.request.urlopen("{BASE_URL}/api/openapi.yaml", timeout=10) as response:
    text = response.read().decode()
print(response.status, response.headers["Content-Type"])
print(text.splitlines()[0])
