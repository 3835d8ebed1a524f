#!/usr/bin/env bash
# Fails when a C++ file differs from what clang-format makes of it with the
# project's .clang-format (Qt Creator's style), and names each such file.
#
#   scripts/check-format.sh            every tracked .cpp and .h file
#   scripts/check-format.sh FILE...    these files
#
# To fix a file: clang-format -i FILE. ctest runs this as tst_format.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null; then
  echo "check-format: clang-format is not installed (scripts/bootstrap.sh installs it)" >&2
  exit 2
fi
if [ $# -gt 0 ]; then
  files=("$@")
elif git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # The format test's fixture is misformatted on purpose.
  mapfile -t files < <(git ls-files '*.cpp' '*.h' ':!:tests/format/fixture/*')
else
  mapfile -t files < <(find app base engine host mcp tests tools tournament ui \
    \( -name '*.cpp' -o -name '*.h' \) -not -path 'tests/format/fixture/*' -not -path '*/node_modules/*' | sort)
fi
# One clang-format for every file (a process per file took a minute); it
# names each place that differs, and each file is listed once.
rc=0
report=$(clang-format --style=file --dry-run --Werror "${files[@]}" 2>&1 >/dev/null) || rc=$?
mapfile -t bad < <(sed -nE 's/^(.+):[0-9]+:[0-9]+: (error|warning): .*/\1/p' <<<"$report" | sort -u)
for f in "${bad[@]}"; do
  echo "$f: not formatted (clang-format -i $f)"
done
echo "check-format: ${#files[@]} files, ${#bad[@]} not formatted"
if [ "$rc" -ne 0 ] && [ "${#bad[@]}" -eq 0 ]; then
  echo "check-format: clang-format failed: $report" >&2
  exit 2
fi
[ "${#bad[@]}" -eq 0 ]
