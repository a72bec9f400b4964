#!/usr/bin/env bash
# One licence and one maintainer everywhere: LICENSE is the PostgreSQL
# Licence; META.json says "postgresql" (PGXN's name for it); debian/copyright
# has the same text, holders and licence name; META.json, debian/control,
# debian/control.in and every debian/changelog entry name the same
# maintainer, who is the holder in LICENSE.  Prints
# "licence: N passed, N failed".

set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
passed=0 failed=0	# this suite's own count, its last line
check() {	# check WHAT GOT WANT: passes when GOT is WANT
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); echo "ok: $1 is $2"
	else failed=$((failed + 1)); echo "FAILED: $1 is '$2', want '$3'"; fi
}

py() {	# py EXPRESSION: evaluated with the helpers below, printed
	/usr/bin/python3 - "$root" "$1" <<'EOF' 2>&1
import json, re, sys
root, expr = sys.argv[1], sys.argv[2]

def read(path):
    return open(f"{root}/{path}", encoding="utf-8").read()

def words(text):
    # paragraphs as lists of words: the text, whatever its line breaks
    return [p.split() for p in re.split(r"\n\s*\n", text.strip())]

def paragraphs(path):
    # deb822 paragraphs of a file as lists of (field, value), continuation
    # lines joined with "\n" and a lone "." meaning an empty line
    out = []
    for para in re.split(r"\n\s*\n", read(path).strip()):
        fields = []
        for line in para.splitlines():
            if line[:1] in (" ", "\t"):
                cont = line.strip()
                name, value = fields[-1]
                fields[-1] = (name, value + "\n" + ("" if cont == "." else cont))
            elif ":" in line:
                name, value = line.split(":", 1)
                fields.append((name, value.strip()))
        out.append(fields)
    return out

def field(path, name, where=None):
    # the value of field name in the first paragraph with field where
    # (a pair), or in the first paragraph having it
    for p in paragraphs(path):
        d = dict(p)
        if where is None or d.get(where[0]) == where[1]:
            if name in d:
                return d[name]
    return None

def standalone_licence(name):
    # the text of a stand-alone "License: name" paragraph
    for p in paragraphs("debian/copyright"):
        if len(p) == 1 and p[0][0] == "License" and p[0][1].split("\n", 1)[0] == name:
            return p[0][1].split("\n", 1)[1]
    return ""

def licence_terms():
    # LICENSE from "Permission to use" on
    text = read("LICENSE")
    return text[text.index("Permission to use"):]

def licence_holders():
    return re.findall(r"^(?:Portions )?Copyright \(c\) ([0-9-]+), (.+)$", read("LICENSE"), re.M)

print(eval(expr))
EOF
}

check "LICENSE's first line" "$(head -n 1 "$root/LICENSE")" "ulid is released under the PostgreSQL Licence."
check "META.json license" "$(py 'json.loads(read("META.json"))["license"]')" "postgresql"
check "debian/copyright licence of Files: *" "$(py 'field("debian/copyright", "License", ("Files", "*"))')" "PostgreSQL"
check "debian/copyright's PostgreSQL licence text is LICENSE's" \
	"$(py 'words(standalone_licence("PostgreSQL")) == words(licence_terms())')" \
	True
check "debian/copyright's holders of Files: * are LICENSE's" \
	"$(py '[l.strip() for l in field("debian/copyright", "Copyright", ("Files", "*")).splitlines()] == [f"{y} {h}" for y, h in licence_holders()]')" \
	True

# the maintainer: "name <address>", named as LICENSE's first holder
maintainer=$(py 'json.loads(read("META.json"))["maintainer"][0] if len(json.loads(read("META.json"))["maintainer"]) == 1 else "several"')
echo "maintainer: $maintainer"
check "the maintainer's name is LICENSE's first holder" "${maintainer% <*}" "$(py 'licence_holders()[0][1]')"
check "debian/control Maintainer" "$(py 'field("debian/control", "Maintainer")')" "$maintainer"
check "debian/control.in Maintainer" "$(py 'field("debian/control.in", "Maintainer")')" "$maintainer"
check "debian/copyright Upstream-Contact" "$(py 'field("debian/copyright", "Upstream-Contact")')" "$maintainer"
check "every debian/changelog entry's maintainer" \
	"$(sed -n 's/^ -- \(.*>\)  .*/\1/p' "$root/debian/changelog" | sort -u | tr '\n' ';')" "$maintainer;"

echo "licence: $passed passed, $failed failed"; [ "$failed" -eq 0 ]
