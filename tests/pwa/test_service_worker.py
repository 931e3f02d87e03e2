"""The service worker as the server sends it. Apart from the browser tests: Django's
test client cannot run beside a Playwright instance in the same thread (the
middleware chain starts asynchronous, and Playwright holds the thread's event
loop)."""


def test_the_service_worker_answers_from_the_root_with_its_scope(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    body = response.content.decode()
    assert "/h/" in body and 'request.method !== "GET"' in body
