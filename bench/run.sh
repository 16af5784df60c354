#!/usr/bin/env bash
# Benchmark every game and player count; prints JSON (see README for the figures).
set -euo pipefail
cd "$(dirname "$0")/.."
make -s .venv/.installed >/dev/null 2>&1 || make .venv/.installed
exec .venv/bin/dragontable bench "$@"
