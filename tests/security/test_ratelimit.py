"""The miss counter: a fixed window per client address, in Django's cache."""

import datetime
import threading

import pytest
import time_machine
from django.test import RequestFactory

from scorekeeper.lib import ratelimit

START = datetime.datetime(2026, 6, 1, 20, 0, 0, tzinfo=datetime.UTC)


def request_from(addr="198.51.100.4", forwarded=None):
    extra = {"REMOTE_ADDR": addr}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/h/whatever/", **extra)


@pytest.fixture
def limits(settings):
    settings.CAPABILITY_MISS_LIMIT = 3
    settings.CAPABILITY_MISS_WINDOW = 600
    settings.TRUSTED_PROXY_COUNT = 0
    return settings


def test_defaults_allow_thirty_misses_in_ten_minutes(settings):
    del settings.CAPABILITY_MISS_LIMIT
    del settings.CAPABILITY_MISS_WINDOW
    assert ratelimit.limit() == 30
    assert ratelimit.window() == 600


def test_a_client_is_stopped_at_the_limit_and_not_before(limits):
    request = request_from()
    with time_machine.travel(START, tick=False):
        for count in range(1, 4):
            assert not ratelimit.too_many_misses(request, "capability")
            assert ratelimit.note_miss(request, "capability") == count
        assert ratelimit.too_many_misses(request, "capability")


def test_the_count_starts_again_in_the_next_window(limits):
    request = request_from()
    with time_machine.travel(START, tick=False) as traveller:
        for _ in range(3):
            ratelimit.note_miss(request, "capability")
        assert ratelimit.too_many_misses(request, "capability")
        traveller.shift(datetime.timedelta(seconds=599))
        assert ratelimit.too_many_misses(request, "capability")
        assert ratelimit.retry_after() == 1
        traveller.shift(datetime.timedelta(seconds=1))
        assert not ratelimit.too_many_misses(request, "capability")


def test_scopes_and_clients_are_counted_apart(limits):
    one, other = request_from("198.51.100.4"), request_from("198.51.100.5")
    with time_machine.travel(START, tick=False):
        for _ in range(3):
            ratelimit.note_miss(one, "capability")
        assert ratelimit.too_many_misses(one, "capability")
        assert not ratelimit.too_many_misses(one, "another")
        assert not ratelimit.too_many_misses(other, "capability")


def test_the_same_token_missed_again_is_counted_once(limits):
    request = request_from()
    with time_machine.travel(START, tick=False) as traveller:
        for _ in range(10):
            ratelimit.note_miss(request, "capability", "revoked-pencil-token")
        assert not ratelimit.too_many_misses(request, "capability")
        assert ratelimit.note_miss(request, "capability", "another-token") == 2
        # Next window: the same dead link counts again, once.
        traveller.shift(datetime.timedelta(seconds=600))
        assert ratelimit.note_miss(request, "capability", "revoked-pencil-token") == 1


def test_forwarded_for_is_ignored_without_a_trusted_proxy(limits):
    with time_machine.travel(START, tick=False):
        for n in range(3):
            ratelimit.note_miss(request_from(forwarded=f"192.0.2.{n}"), "capability")
        # Rotating the header does not buy a fresh counter.
        assert ratelimit.too_many_misses(
            request_from(forwarded="192.0.2.99"), "capability"
        )


def test_behind_a_trusted_proxy_the_client_is_the_address_it_saw(limits):
    limits.TRUSTED_PROXY_COUNT = 1
    proxy = "10.0.0.2"
    # The client wrote the left part itself: only the proxy's entry counts.
    spoofed = request_from(proxy, forwarded="192.0.2.50, 203.0.113.9")
    assert ratelimit.client_ip(spoofed) == "203.0.113.9"
    assert ratelimit.client_ip(request_from(proxy, forwarded="203.0.113.9")) == (
        "203.0.113.9"
    )
    # Missing or garbled header: the proxy's own address, never the garbage.
    assert ratelimit.client_ip(request_from(proxy)) == proxy
    assert ratelimit.client_ip(request_from(proxy, forwarded="not-an-ip")) == proxy
    limits.TRUSTED_PROXY_COUNT = 2
    chain = request_from(proxy, forwarded="192.0.2.50, 203.0.113.9, 10.0.0.1")
    assert ratelimit.client_ip(chain) == "203.0.113.9"


def test_an_ipv6_client_is_its_whole_slash_64(limits):
    with time_machine.travel(START, tick=False):
        for n in range(3):
            ratelimit.note_miss(request_from(f"2001:db8:1:2::{n + 1}"), "capability")
        assert ratelimit.too_many_misses(
            request_from("2001:db8:1:2:ffff::1"), "capability"
        )
        assert not ratelimit.too_many_misses(
            request_from("2001:db8:1:3::1"), "capability"
        )
    assert ratelimit.client_ip(request_from("::ffff:198.51.100.4")) == "198.51.100.4"


def test_concurrent_misses_are_all_counted(limits):
    limits.CAPABILITY_MISS_LIMIT = 1000
    request = request_from()
    start = threading.Barrier(20)

    def miss(n):
        start.wait()
        for i in range(10):
            ratelimit.note_miss(request, "capability", f"token-{n}-{i}")

    with time_machine.travel(START, tick=False):
        threads = [threading.Thread(target=miss, args=(n,)) for n in range(20)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert ratelimit.note_miss(request, "capability") == 201
