"""The static files as production serves them: hashed, compressed, and the
project's own stylesheets and scripts without their comments.

Our CSS and JS are written to be read: a comment says why a rule or a branch is
there, and they weigh a third of the files a phone loads before it shows the
sheet. `collectstatic` keeps them in the sources and drops them from what it
serves, before the names are hashed and the files compressed. Third-party files
(htmx, its extensions, the admin's) come minified and are left as they are.

What is dropped is only what cannot change a file's meaning, line by line:
- CSS: `/* … */` comments (our stylesheets put none inside a string);
- JS: lines that are only a `//` comment (our scripts have no multi-line string
  or template literal, where such a line would be text);
- both: each line's indentation and trailing spaces, and empty lines. Line
  breaks stay, so JavaScript's automatic semicolons fall where they did.
"""

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.storage import FileSystemStorage, Storage
from servestatic.storage import CompressedManifestStaticFilesStorage

CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def lean_css(text: str) -> str:
    return _lean_lines(CSS_COMMENT.sub("", text).splitlines())


def lean_js(text: str) -> str:
    return _lean_lines(
        line for line in text.splitlines() if not line.lstrip().startswith("//")
    )


def _lean_lines(lines: Any) -> str:
    kept = [line.strip() for line in lines]
    return "\n".join(line for line in kept if line) + "\n"


LEAN = {".css": lean_css, ".js": lean_js}


def is_ours(storage: Storage) -> bool:
    """A file found in the project's own directories (static/, an app's static/),
    not in an installed package's."""
    if not isinstance(storage, FileSystemStorage):
        return False
    location = Path(storage.location).resolve()
    base = Path(settings.BASE_DIR).resolve()
    return location.is_relative_to(base) and "site-packages" not in location.parts


class LeanCompressedManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """ServeStatic's storage, reading our CSS and JS lean (see the module)."""

    def post_process(
        self,
        paths: dict[str, tuple[Storage, str]],
        dry_run: bool = False,
        **options: Any,
    ) -> Iterator[Any]:
        if not dry_run:
            paths = dict(paths)
            for name, (storage, path) in paths.items():
                lean = LEAN.get(Path(name).suffix)
                if lean is None or not is_ours(storage):
                    continue
                with storage.open(path) as source:
                    text = source.read().decode("utf-8")
                # The copy collected under its own name becomes the lean one, and
                # hashing and compression read it from here.
                Path(self.path(name)).write_text(lean(text), encoding="utf-8")
                paths[name] = (self, name)
        return super().post_process(paths, dry_run, **options)
