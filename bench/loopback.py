"""Loopback only: the address the benchmarks serve on, and the checks that keep
every request and every client socket on 127.0.0.0/8."""

import ipaddress

HOST = "127.0.0.1"
LOOPBACK = ipaddress.ip_network("127.0.0.0/8")


def check_loopback(url):
    if not url.startswith(f"http://{HOST}:"):
        raise SystemExit(f"refusing to load anything but {HOST}: {url}")


def source_address(index):
    """The index-th loopback source address: 127.1.0.1, 127.1.0.2, … (not .0/.255)."""
    address = f"127.{1 + index // 64516}.{index // 254 % 254}.{index % 254 + 1}"
    if ipaddress.ip_address(address) not in LOOPBACK:
        raise SystemExit(f"refusing a non-loopback source address {address}")
    return address
