#!/bin/sh
# tests/plot_browser.sh BIN - draws tests/data/plot-*.csv with `cryptobench plot` and
# renders the SVG in Debian's headless Chromium: a browser that shows it must paint
# more than a blank page, and the first series' colour (#0072B2) must be on it.
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

"$BIN" plot "$DATA/plot-basic.csv" "$DATA/plot-build-b.csv" "$DATA/plot-faulted.csv" \
    -o "$T/plot.svg" 2>"$T/err" || { echo "plot_browser: plot failed: $(cat "$T/err")"; exit 1; }
python3 -c "import xml.etree.ElementTree as E,sys; E.parse(sys.argv[1])" "$T/plot.svg" ||
    { echo "plot_browser: the SVG is not well-formed XML"; exit 1; }

# The canvas is 960 x 540 (reports/plot_svg.c); the window is that size.
timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$T/profile" --screenshot="$T/plot.png" --window-size=960,540 \
    "file://$T/plot.svg" >"$T/chromium.log" 2>&1
if [ ! -s "$T/plot.png" ]; then
    echo "plot_browser: chromium wrote no screenshot: $(tail -3 "$T/chromium.log")"
    exit 1
fi

# Decode the PNG (8-bit RGB or RGBA, as Chromium writes it) with zlib alone, undo
# the row filters (PNG spec, section 9) and look at the colours painted.
python3 - "$T/plot.png" <<'EOF'
import struct, sys, zlib

data = open(sys.argv[1], "rb").read()
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
blue = sum(n for px, n in colours.items()
           if abs(px[0] - 0x00) < 24 and abs(px[1] - 0x72) < 24 and abs(px[2] - 0xB2) < 24)
if len(colours) < 16 or painted < 2000:
    sys.exit("plot_browser: the render looks blank: %d colours, %d painted pixels"
             % (len(colours), painted))
if blue < 50:
    sys.exit("plot_browser: the first series' colour is missing (%d pixels)" % blue)
print("plot_browser: %dx%d render, %d colours, %d painted pixels, %d of series 0's colour"
      % (width, height, len(colours), painted, blue))
EOF
