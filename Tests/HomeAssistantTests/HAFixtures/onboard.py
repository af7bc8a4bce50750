"""Makes an access token for a fresh Home Assistant without a browser: onboarding's first user
gives an auth code, /auth/token trades it for a token (shared/notes/HOME-ASSISTANT.md). Waits for
the API first, and afterwards for HA to save the refresh token, so a restart keeps the token.
Usage: onboard.py BASE_URL CONFIGDIR TIMEOUT_SECONDS [CA_FILE]; prints the access token."""
import json, ssl, sys, time, urllib.error, urllib.parse, urllib.request

base, config_dir, timeout = sys.argv[1], sys.argv[2], float(sys.argv[3])
context = ssl.create_default_context(cafile=sys.argv[4]) if len(sys.argv) > 4 else None
client_id = f"{base}/"
deadline = time.monotonic() + timeout

def request(path, data=None, form=False):
    body, headers = None, {}
    if data is not None:
        body = urllib.parse.urlencode(data).encode() if form else json.dumps(data).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
    with urllib.request.urlopen(urllib.request.Request(base + path, body, headers), timeout=10, context=context) as r:
        return json.loads(r.read())

last = "no answer"
while True:
    try:
        request("/api/onboarding")
        break
    except (urllib.error.URLError, ConnectionError, OSError) as e:
        last = str(e)
    if time.monotonic() > deadline:
        sys.exit(f"Home Assistant's API did not answer within {timeout} s: {last}")
    time.sleep(0.2)

code = request("/api/onboarding/users", {"client_id": client_id, "name": "Thumbwheel", "username": "thumbwheel",
                                         "password": "thumbwheel-test", "language": "en"})["auth_code"]
token = request("/auth/token", {"grant_type": "authorization_code", "code": code, "client_id": client_id}, form=True)
while True:
    try:
        with open(f"{config_dir}/.storage/auth") as f:
            if client_id in f.read():
                break
    except FileNotFoundError:
        pass
    if time.monotonic() > deadline:
        sys.exit("Home Assistant did not save the refresh token")
    time.sleep(0.2)
print(token["access_token"])
