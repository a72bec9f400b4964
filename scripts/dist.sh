#!/usr/bin/env bash
# make dist: the release's tarball ulid-V.tar.gz and PGXN's zip ulid-V.zip
# in the tree's top, each with one folder ulid-V/: the tree's source files
# (scripts/tree_files.sh), never .git; MANIFEST, their list, so that make
# dist works again from the release tree; and ulid_sql/dist/ (make -C
# ulid_sql forms).  V is ulid.control's version made semantic (1.5 is
# 1.5.0), which META.json's must be.  Reproducible from any copy of the same
# files: every entry has the time of the oldest debian/changelog entry of
# this version (not SOURCE_DATE_EPOCH, which a build environment sets),
# owner 0, mode 644 or 755, name order; gzip -n, zip -X in UTC.  Needs tar,
# gzip and zip; no PostgreSQL.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
die() { echo "make dist: $*" >&2; exit 1; }

for tool in tar gzip zip; do
	command -v "$tool" >/dev/null || die "$tool is not installed (Debian: apt-get install $tool)"
done

control=$(sed -n "s/^default_version = '\(.*\)'$/\1/p" ulid.control)
[ -n "$control" ] || die "no default_version in ulid.control"
version=$control
while [ "$(echo "$version" | tr -cd . | wc -c)" -lt 2 ]; do version=$version.0; done
# (META.json's top-level version: the one key at three spaces' indent)
meta=$(sed -n 's/^   "version": "\(.*\)",$/\1/p' META.json)
[ "$meta" = "$version" ] || die "META.json's version is '$meta', and ulid.control's $control makes $version"

# the date of the oldest debian/changelog entry whose upstream version
# (before the last "-") is this one, written either way (1.5 or 1.5.0)
date=$(awk -v a="$control" -v b="$version" '
	/^[^ \t]/ { v = $2; gsub(/[()]/, "", v); sub(/-[^-]*$/, "", v); ours = (v == a || v == b) }
	/^ -- / && ours { d = $0; sub(/^.*>  /, "", d); found = d }
	END { print found }' debian/changelog)
[ -n "$date" ] || die "debian/changelog has no entry for $control ($version): the release's date comes from there"
epoch=$(date -u -d "$date" +%s) || die "debian/changelog's date '$date' does not parse"

name=ulid-$version
stage=$(mktemp -d /tmp/ulid-dist.XXXXXX)
trap 'rm -rf "$stage"' EXIT
files=$(scripts/tree_files.sh)
missing=$(echo "$files" | while IFS= read -r f; do [ -f "$f" ] || [ -L "$f" ] || echo "$f"; done)
[ -z "$missing" ] || die "listed but absent (deleted, not yet committed?): $(echo $missing)"
if [ -e .git ]; then
	changed=$(git status --porcelain --untracked-files=no | cut -c4-)
	[ -z "$changed" ] || echo "make dist: note: the working tree's uncommitted changes go in: $(echo $changed)" >&2
fi

mkdir "$stage/$name"
echo "$files" | tar -c --verbatim-files-from -T - | tar -x -C "$stage/$name"
echo "$files" >"$stage/$name/MANIFEST"
# the edition's forms, and not the extension script they are made from (a
# build product: make -C ulid_sql makes it again)
make -s -C "$stage/$name/ulid_sql" forms >/dev/null
rm -f "$stage/$name"/ulid_sql/ulid_sql--*.sql

chmod -R a+rX,u+w,go-w "$stage/$name"
find "$stage/$name" -exec touch -h -d "@$epoch" {} +

rm -f "$name.tar.gz" "$name.zip"
tar -C "$stage" -c --format=gnu --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" "$name" |
	gzip -n -9 >"$stage/$name.tar.gz"
(cd "$stage" && find "$name" -type f | LC_ALL=C sort | TZ=UTC zip -q -X -D -9 "$stage/$name.zip" -@)
mv "$stage/$name.tar.gz" "$stage/$name.zip" .
echo "make dist: $(date -u -d "@$epoch" '+%Y-%m-%d %H:%M:%S UTC') (debian/changelog), $(echo "$files" | wc -l) files and ulid_sql/dist/"
sha256sum "$name.tar.gz" "$name.zip"
