#!/bin/sh
# tests/plot_browser.sh BIN - renders what cryptobench draws in Debian's headless
# Chromium: `plot`'s SVG of tests/data/plot-*.csv, and `compare -format html` (the
# page) and `-format svg` (its chart) of tests/data/export-{before,after}.csv with a
# gate.  Each render must paint more than a blank page, in a colour it must hold (the
# plot's first series, #0072B2; the compare chart's slower bar, #D55E00); and the
# page's DOM as Chromium built it (--dump-dom) must hold a row for each case the
# markdown style prints, with its label and difference, and the chart inline; and
# the same for the page of three boards in one table (compare BASE OTHER...).
#
# Without chromium it prints UNAVAILABLE and passes, unless CB_REQUIRE_BROWSER is
# set (a machine that is meant to have it).  Exits 1 on a failed check.
BIN=${1:?usage: tests/plot_browser.sh BIN}
DATA=${CB_TEST_DATA:-tests/data}

if ! command -v chromium >/dev/null 2>&1; then
    echo "plot_browser: UNAVAILABLE: needs chromium (apt-get install chromium)"
    [ -z "${CB_REQUIRE_BROWSER:-}" ]
    exit
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "plot_browser: UNAVAILABLE: needs python3 to read the screenshot"
    [ -z "${CB_REQUIRE_BROWSER:-}" ]
    exit
fi

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The PNG reader: decodes 8-bit RGB or RGBA (as Chromium writes it) with zlib alone,
# undoes the row filters (PNG spec, section 9) and counts the colours painted; it
# wants a render that is not blank and that holds the colour it is given.
cat >"$T/png.py" <<'EOF'
import struct, sys, zlib

png, what, hexcolour = sys.argv[1:4]
want = bytes.fromhex(hexcolour)
data = open(png, "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
assert depth == 8 and ctype in (2, 6), "unexpected PNG format %d/%d" % (depth, ctype)
bpp = 3 if ctype == 2 else 4
raw = zlib.decompress(idat)
stride = width * bpp
prev = bytearray(stride)
colours = {}
for y in range(height):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1:
            line[i] = (line[i] + a) & 255
        elif f == 2:
            line[i] = (line[i] + b) & 255
        elif f == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for x in range(0, stride, bpp):
        px = bytes(line[x:x + 3])
        colours[px] = colours.get(px, 0) + 1
    prev = line
white = colours.get(b"\xff\xff\xff", 0)
painted = width * height - white
hits = sum(n for px, n in colours.items() if all(abs(px[i] - want[i]) < 24 for i in range(3)))
if len(colours) < 16 or painted < 2000:
    sys.exit("plot_browser: the render of %s looks blank: %d colours, %d painted pixels"
             % (what, len(colours), painted))
if hits < 50:
    sys.exit("plot_browser: the render of %s lacks #%s (%d pixels)" % (what, hexcolour, hits))
print("plot_browser: %s: %dx%d render, %d colours, %d painted pixels, %d of #%s"
      % (what, width, height, len(colours), painted, hits, hexcolour))
EOF

# chromium_run ARGS...: Debian's headless Chromium as root can run it (no sandbox),
# with nothing fetched and a profile of its own.
chromium_run() {
    timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$T/profile" "$@"
}

# shot FILE PNG WIDTH HEIGHT: the screenshot of FILE in a window of that size.
shot() {
    chromium_run --screenshot="$2" --window-size="$3,$4" "file://$1" >"$T/chromium.log" 2>&1
    [ -s "$2" ] && return
    echo "plot_browser: chromium wrote no screenshot of $1: $(tail -3 "$T/chromium.log")"
    exit 1
}

well_formed() {
    python3 -c "import xml.etree.ElementTree as E,sys; E.parse(sys.argv[1])" "$1" ||
        { echo "plot_browser: $1 is not well-formed XML"; exit 1; }
}

# --- plot --------------------------------------------------------------------------
"$BIN" plot "$DATA/plot-basic.csv" "$DATA/plot-build-b.csv" "$DATA/plot-faulted.csv" \
    -o "$T/plot.svg" 2>"$T/err" || { echo "plot_browser: plot failed: $(cat "$T/err")"; exit 1; }
well_formed "$T/plot.svg"
# The canvas is 960 x 540 (reports/plot/svg.c); the window is that size.
shot "$T/plot.svg" "$T/plot.png" 960 540
python3 "$T/png.py" "$T/plot.png" plot 0072B2 || exit 1

# --- compare -format html and svg --------------------------------------------------
before=$DATA/export-before.csv
after=$DATA/export-after.csv
for f in html svg; do
    "$BIN" compare "$before" "$after" -fail-if-slower 5% -format $f -o "$T/compare.$f" 2>"$T/err"
    [ $? -eq 1 ] ||
        { echo "plot_browser: compare -format $f did not fail the gate: $(cat "$T/err")"; exit 1; }
    well_formed "$T/compare.$f"
done
"$BIN" compare "$before" "$after" -style markdown >"$T/compare.md" 2>&1
# three boards, one table (compare BASE OTHER...): imported logs of three hosts
for h in base rpi4 rock64; do
    case $h in base) r=100 ;; rpi4) r=80 ;; *) r=120 ;; esac
    printf 'type 16 bytes 1024 bytes\nmd5 %d.00k 200.00k\nsha256 50.00k %d.00k\n' $r $r >"$T/$h.log"
    "$BIN" import "$T/$h.log" -host $h -build 2021 -o "$T/$h.csv" 2>"$T/err" ||
        { echo "plot_browser: import failed: $(cat "$T/err")"; exit 1; }
done
"$BIN" compare "$T/base.csv" "$T/rpi4.csv" "$T/rock64.csv" -format html -o "$T/boards.html" 2>"$T/err" ||
    { echo "plot_browser: compare of three boards failed: $(cat "$T/err")"; exit 1; }
well_formed "$T/boards.html"
"$BIN" compare "$T/base.csv" "$T/rpi4.csv" "$T/rock64.csv" -style markdown >"$T/boards.md" 2>&1
# The chart is 960 wide and 70 + 20 per case + 56 high (reports/styles/svg.c).
shot "$T/compare.svg" "$T/compare-svg.png" 960 166
python3 "$T/png.py" "$T/compare-svg.png" "compare svg" D55E00 || exit 1
shot "$T/compare.html" "$T/compare-html.png" 1100 1400
python3 "$T/png.py" "$T/compare-html.png" "compare html" D55E00 || exit 1
chromium_run --dump-dom "file://$T/compare.html" >"$T/dom.html" 2>"$T/chromium.log"
shot "$T/boards.html" "$T/boards.png" 1100 1400
python3 "$T/png.py" "$T/boards.png" "compare html of three boards" 0072B2 || exit 1
chromium_run --dump-dom "file://$T/boards.html" >"$T/boards-dom.html" 2>"$T/chromium.log"

# The rendered DOM: each markdown row (label and differences) is a row of the cases
# table; the chart is one inline svg with a bar per case and file, and the gate's
# line when there is a gate.  Two files: a row is case, block, before, after,
# difference, ...; the markdown's difference is its 5th cell.  Many files: case,
# block, base, then each file's value and difference; the markdown's each file's
# value, difference and p-value.
cat >"$T/dom.py" <<'EOF'
import sys
from html.parser import HTMLParser

class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.row, self.cell, self.table, self.count = [], None, None, None, {}
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        key = tag + "." + a.get("class", "") if tag == "g" else tag
        self.count[key] = self.count.get(key, 0) + 1
        if tag == "table":
            self.table = a.get("id")
        elif tag == "tr" and self.table == "cases":
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = ""
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(self.cell.strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.rows.append(self.row)
            self.row = None
    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data

dom, md, files, gated = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "gate"
page = Page()
page.feed(open(dom, encoding="utf-8").read())
want = [[c.strip() for c in line.strip().strip("|").split("|")]
        for line in open(md)
        if line.startswith("| ") and "**" not in line and not line.startswith("| algorithm")]
if not want:
    sys.exit("plot_browser: the markdown style printed no rows to look for")
if files == 2:
    want = {(w[0], w[4]) for w in want}
    got = {(r[0], r[4]) for r in page.rows if len(r) >= 5}
else:
    want = {(w[0], w[1]) + tuple(w[4::3]) for w in want}
    got = {(r[0], r[1]) + tuple(r[4::2]) for r in page.rows if len(r) >= 3 + 2 * (files - 1)}
for w in sorted(want):
    if w not in got:
        sys.exit("plot_browser: the rendered page has no row %s; it has %s" % (w, sorted(got)))
bars = page.count.get("g.bar", 0)
if page.count.get("svg") != 1 or page.count.get("g.case") != len(want) or \
        bars != len(want) * (files - 1) or page.count.get("g.gate", 0) != int(gated):
    sys.exit("plot_browser: the page's chart is not there whole: %s" % page.count)
print("plot_browser: compare html of %d files: the rendered DOM holds the %d rows and the "
      "chart" % (files, len(want)))
EOF
python3 "$T/dom.py" "$T/dom.html" "$T/compare.md" 2 gate || exit 1
python3 "$T/dom.py" "$T/boards-dom.html" "$T/boards.md" 3 none || exit 1
