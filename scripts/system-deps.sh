#!/bin/sh
# Installs the Debian packages the tests need when they are missing (idempotent):
# chromium (browser tests), fonts-noto-cjk (so that the Chinese pages those tests
# photograph show characters, not empty boxes), npm (installs axe-core for the
# accessibility checks) and postgresql (server binaries for the PostgreSQL tests).
set -eu

missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
ls /usr/share/fonts/opentype/noto/NotoSansCJK* >/dev/null 2>&1 || missing="$missing fonts-noto-cjk"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing postgresql"
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    sudo="none"
fi
if [ "$sudo" = none ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "system-deps: cannot install$missing: need apt-get (Debian/Ubuntu) and root or sudo;" \
        "install them with your package manager, then run make test again" >&2
    exit 1
fi
echo "system-deps: installing$missing" >&2
if ! { $sudo apt-get update -q && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing; }; then
    echo "system-deps: installing$missing failed (see apt-get's message above)" >&2
    exit 1
fi
