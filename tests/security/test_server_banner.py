"""The server names no software in its answers (no `Server:` banner)."""

import http.client

import pytest

from tests.security.helpers import served


# The pages' threads keep their database connections from request to request (and
# test to test): a request's end checks the one its thread holds.
@pytest.mark.django_db
def test_the_served_app_sends_no_server_banner():
    pytest.importorskip("uvicorn")
    with served() as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/robots.txt")
        response = connection.getresponse()
        response.read()
        connection.close()
    assert response.status == 200
    assert response.getheader("Server") is None
