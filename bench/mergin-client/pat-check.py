"""The real `mergin` client with personal access tokens (issue 29), against a running Waymark server.

Signs in through the web app's calls as a user with two-factor sign-in on (TOTP code computed here), makes a
write and a read token, then drives the client with each as its auth token: create and push a GeoPackage project,
change it and push again, download it elsewhere and pull, list projects; the read token's push is refused; the
API login (password) is refused with the detail that points to tokens; the CLI works with MERGIN_AUTH.
Run by pat.sh; prints one line per check and exits non-zero at the first failure.
"""

import base64
import hashlib
import hmac
import http.cookiejar
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from mergin import ClientError, LoginError, MerginClient

URL = os.environ["WAYMARK_URL"].rstrip("/")
USER = os.environ["PAT_USER"]
PASSWORD = os.environ["PAT_PASSWORD"]
TEST_DATA = os.path.join(os.environ["CLIENT_DIR"], "mergin", "test", "test_data")


def check(label, condition):
    print(("ok   " if condition else "FAIL ") + label, flush=True)
    if not condition:
        sys.exit(1)


def totp(secret, offset=0):
    """RFC 6238, as an authenticator app computes it (SHA-1, 30 s, 6 digits)."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    counter = int(time.time()) // 30 + offset
    digest = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    start = digest[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", digest[start : start + 4])[0] & 0x7FFFFFFF) % 1_000_000)


class Browser:
    """Cookies and the CSRF token, as the web app keeps them."""

    def __init__(self):
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = None

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(URL + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.csrf:
            request.add_header("X-CSRF-Token", self.csrf)
        try:
            response = self.opener.open(request)
        except urllib.error.HTTPError as error:
            raise SystemExit(f"{method} {path}: {error.code} {error.read().decode()}")
        self.csrf = response.headers.get("X-CSRF-Token") or self.csrf
        text = response.read().decode()
        return json.loads(text) if text else None


browser = Browser()
browser.call("GET", "/app/init")
browser.call("POST", "/app/auth/login", {"login": USER, "password": PASSWORD})
secret = browser.call("POST", "/app/auth/two-factor/setup")["secret"]
codes = browser.call("POST", "/app/auth/two-factor/enable", {"code": totp(secret)})["recovery_codes"]
check("two-factor sign-in turned on (%d recovery codes)" % len(codes), len(codes) == 10)
write = browser.call("POST", "/app/auth/tokens", {"name": "client write", "scope": "write", "expires_in_days": 30})
read = browser.call("POST", "/app/auth/tokens", {"name": "client read", "scope": "read", "expires_in_days": 30})

try:
    MerginClient(URL, login=USER, password=PASSWORD)
    check("the API login is refused to an account with two-factor on", False)
except LoginError as error:
    check("the API login is refused, pointing to tokens: " + str(error)[:90], "personal access token" in str(error))

mc = MerginClient(URL, auth_token="Bearer " + write["token"])
check("the client reads the username from the token", mc.username() == USER)
work = tempfile.mkdtemp()
project_dir = os.path.join(work, "survey")
os.makedirs(project_dir)
shutil.copy(os.path.join(TEST_DATA, "base.gpkg"), project_dir)
shutil.copy(os.path.join(TEST_DATA, "test.txt"), project_dir)
mc.create_project_and_push(f"{USER}/survey", project_dir)
check("create_project_and_push with the write token", mc.project_info(f"{USER}/survey")["version"] == "v1")
shutil.copy(os.path.join(TEST_DATA, "inserted_1_A.gpkg"), os.path.join(project_dir, "base.gpkg"))
with open(os.path.join(project_dir, "test.txt"), "a") as handle:
    handle.write("one more line\n")
mc.push_project(project_dir)
check("push of a changed GeoPackage (a diff) and a text file", mc.project_info(f"{USER}/survey")["version"] == "v2")
names = [project["name"] for project in mc.projects_list(only_namespace=USER)]
check("projects_list", names == ["survey"])

reader = MerginClient(URL, auth_token="Bearer " + read["token"])
copy_dir = os.path.join(work, "copy")
reader.download_project(f"{USER}/survey", copy_dir)
check("download_project with the read token", os.path.exists(os.path.join(copy_dir, "base.gpkg")))
with open(os.path.join(copy_dir, "test.txt"), "a") as handle:
    handle.write("not allowed\n")
try:
    reader.push_project(copy_dir)
    check("the read token cannot push", False)
except ClientError as error:
    check("the read token cannot push: " + str(error).splitlines()[0][:90], "scope" in str(error))
shutil.copy(os.path.join(TEST_DATA, "test.txt"), os.path.join(copy_dir, "test.txt"))

with open(os.path.join(project_dir, "test.txt"), "a") as handle:
    handle.write("and another\n")
mc.push_project(project_dir)
reader.pull_project(copy_dir)
with open(os.path.join(copy_dir, "test.txt")) as handle:
    check("pull_project with the read token gets v3", handle.read().endswith("and another\n"))

env = dict(os.environ, MERGIN_URL=URL, MERGIN_AUTH="Bearer " + read["token"])
listed = subprocess.run(
    [os.path.join(os.environ["VENV"], "bin", "mergin"), "list-projects", USER], env=env, capture_output=True, text=True
)
if "survey" not in listed.stdout:
    print(listed.stdout, listed.stderr)
check("the mergin CLI with MERGIN_AUTH lists the project", listed.returncode == 0 and "survey" in listed.stdout)

browser.call("DELETE", "/app/auth/tokens/%d" % write["id"])
try:
    mc.user_info()
    check("a revoked token is refused", False)
except ClientError as error:
    check("a revoked token is refused at once: " + str(error).splitlines()[0][:80], "401" in str(error))
print("all checks passed")
