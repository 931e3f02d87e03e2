"""The local cache keeps what a process replays or renders per game version, as
the objects themselves: a read costs no unpickling."""

import threading
import time
import uuid

from django.core.cache import caches

from scorekeeper.lib.cache import ProcessMemoryCache


def a_cache(max_entries=3, location=None):
    location = location or f"test-{uuid.uuid4()}"
    return ProcessMemoryCache(location, {"OPTIONS": {"MAX_ENTRIES": max_entries}})


def test_a_kept_value_is_the_same_object_not_a_copy():
    cache = a_cache()
    state = {"seats": [1, 2, 3]}
    cache.set("game-state:abc", state)
    assert cache.get("game-state:abc") is state


def test_a_missing_or_expired_key_gives_the_default():
    cache = a_cache()
    cache.set("gone", "x", timeout=0)
    assert cache.get("gone", "default") == "default"
    assert cache.get("never", "default") == "default"
    assert not cache.has_key("gone")


def test_values_nobody_reads_any_more_go_once_expired_without_waiting_for_the_limit():
    cache = a_cache(max_entries=1000)
    for game in range(5):
        cache.set(f"sheet:{game}", "<section>…</section>", timeout=0.05)
    time.sleep(0.1)
    cache.set("sheet:followed", "<section>…</section>", timeout=300)
    # Only the value still within its timeout is held: the five expired ones
    # were never read again, and the limit is far.
    assert list(cache.entries) == [cache.make_key("sheet:followed")]


def test_the_least_recently_used_entry_goes_first_past_the_limit():
    cache = a_cache(max_entries=2)
    cache.set("a", 1)
    cache.set("b", 2)
    cache.get("a")  # used: "b" is now the oldest
    cache.set("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)


def test_add_touch_and_delete_behave_as_django_caches_do():
    cache = a_cache()
    assert cache.add("k", 1) and not cache.add("k", 2)
    assert cache.get("k") == 1
    assert cache.touch("k", 60) and not cache.touch("missing", 60)
    assert cache.delete("k") and not cache.delete("k")
    cache.set("x", 1)
    cache.clear()
    assert cache.get("x") is None


def test_every_thread_of_the_process_sees_the_same_entries():
    # Django makes a cache object per thread; ASGI serves requests in threads.
    state = object()
    caches["local"].set("game-state:shared", state)
    seen = []
    thread = threading.Thread(
        target=lambda: seen.append(caches["local"].get("game-state:shared"))
    )
    thread.start()
    thread.join()
    assert seen == [state]
