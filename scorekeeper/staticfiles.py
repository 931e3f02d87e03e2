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
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core.cache import caches
from django.core.files.storage import FileSystemStorage, Storage
from markupsafe import Markup
from servestatic.storage import CompressedManifestStaticFilesStorage

CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
RELATIVE_URL = re.compile(r"""url\(\s*['"]?(?!data:|/)""")


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
    """ServeStatic's storage, reading our CSS and JS lean (see the module).

    A collected file's URL is the manifest's: worked out for every file when the
    manifest is read, once per process, rather than parsed and joined again each
    time a page names the file (a page names half a dozen)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        manifest_url = super().url
        self.urls = {name: manifest_url(name, force=True) for name in self.hashed_files}

    def url(self, name: str, force: bool = False) -> str:
        # DEBUG serves the files under their own names (Django's own rule).
        if force or not settings.DEBUG:
            known = self.urls.get(name)
            if known is not None:
                return known
        return super().url(name, force)

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


def css_text(*names: str) -> Markup:
    """Stylesheets' text, one after the other, for a page to put in its head
    (`<style nonce>`): the lean copies collectstatic wrote, or, without collected
    files (development, tests), the sources made lean the same way."""
    if isinstance(staticfiles_storage, ManifestFilesMixin):
        return _collected_text(names)
    return Markup("").join(_source_text(name) for name in names)


def _source_text(name: str) -> Markup:
    found = finders.find(name)
    if not isinstance(found, str):
        raise FileNotFoundError(name)
    return _inlinable(name, lean_css(Path(found).read_text(encoding="utf-8")))


def _inlinable(name: str, text: str) -> Markup:
    # The text is the project's own, printed as it is; it may not end the element,
    # and a relative url() would be read from the page's address, not the file's.
    if "</" in text or RELATIVE_URL.search(text):
        raise ValueError(f"{name} cannot be inlined in a <style> element")
    return Markup(text)


def _collected_text(names: tuple[str, ...]) -> Markup:
    # Read and checked once per process, through the house's one cache, as one
    # text per set of sheets (a page asks for one set): collected files change
    # only with a deploy, which restarts the server.
    key = "collected-text:" + ",".join(names)
    text: Markup | None = caches["local"].get(key)
    if text is None:
        storage = staticfiles_storage
        assert isinstance(storage, ManifestFilesMixin)
        texts = []
        for name in names:
            with storage.open(storage.stored_name(name)) as f:
                texts.append(_inlinable(name, f.read().decode("utf-8")))
        text = Markup("").join(texts)
        caches["local"].set(key, text, timeout=None)
    return text
