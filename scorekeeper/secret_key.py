"""A secret key generated once and kept in a file (`make run`, containers).

A game night's laptop or a small self-hosted box has nobody to invent a key and
keep it: the first process to start writes one, every later start and every
other process (web, task cluster) reads the same one, so signed cookies and
links keep working across restarts.
"""

import os
from pathlib import Path

from django.core.management.utils import get_random_secret_key


def read_or_create(path: str | os.PathLike[str]) -> str:
    """The key stored at `path`, written there first (mode 0600) if missing."""
    path = Path(path)
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written aside then linked into place: a process starting at the same time
    # either wins the link or reads the winner's complete file, never half of it.
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as file:
        file.write(get_random_secret_key() + "\n")
    try:
        os.link(temporary, path)
    except FileExistsError:
        pass
    finally:
        temporary.unlink()
    return path.read_text().strip()
