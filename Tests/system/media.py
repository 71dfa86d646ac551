"""Media for the video tests, made by ffmpeg's lavfi sources, and FFmpeg's own
decoding as the independent expectation: frames as RGB bytes, sound as floats."""
import array
import math
import subprocess

W, H = 160, 120


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args], check=True, timeout=300)


def clip(path, source, seconds, fps=30, tone=None, size=(W, H), extra=()):
    """A clip of lavfi `source` ('testsrc2', 'mandelbrot' …) lasting `seconds`,
    with a sine of `tone` Hz (or no sound), H.264 + AAC for .mp4/.mov/.mkv."""
    inputs = ["-f", "lavfi", "-i", f"{source}=size={size[0]}x{size[1]}:rate={fps}"]
    if tone:
        inputs += ["-f", "lavfi", "-i", f"sine=frequency={tone}:sample_rate=48000"]
    codecs = ["-c:v", "libvpx-vp9", "-c:a", "libopus"] if path.endswith(".webm") else ["-c:v", "libx264", "-c:a", "aac"]
    ffmpeg(*inputs, "-t", str(seconds), *codecs, "-pix_fmt", "yuv420p", *extra, path)


def damaged_y4m(good, bad, seconds, frame=20):
    """A testsrc2 Y4M stream of `seconds` at `good`, and at `bad` the same with
    frame `frame`'s marker damaged: FFmpeg's y4m demuxer refuses it there."""
    ffmpeg("-f", "lavfi", "-i", f"testsrc2=size={W}x{H}:rate=30", "-t", str(seconds), "-pix_fmt", "yuv420p", good)
    with open(good, "rb") as f:
        data = bytearray(f.read())
    start = data.index(b"\n") + 1 + frame * (len(b"FRAME\n") + W * H * 3 // 2)
    data[start:start + 5] = b"XXXXX"
    with open(bad, "wb") as f:
        f.write(data)


def frames(path):
    """Every frame of `path` as RGB bytes, decoded by ffmpeg; (width, height, [bytes])."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                            "-of", "csv=p=0", path], capture_output=True, text=True, check=True)
    width, height = map(int, probe.stdout.strip().split(",")[:2])
    command = ["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24",
               "-fps_mode", "passthrough", "-"]
    data = subprocess.run(command, capture_output=True, check=True, timeout=300).stdout
    size = width * height * 3
    return width, height, [data[i:i + size] for i in range(0, len(data), size)]


def samples(path, rate=48000):
    """The sound of `path` as mono floats at `rate`, decoded by ffmpeg."""
    data = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "f32le", "-ac", "1", "-ar", str(rate),
                           "-"], capture_output=True, check=True, timeout=300).stdout
    return array.array("f", data)


def psnr(a, b):
    """Peak signal-to-noise ratio of two equal-length byte strings, in dB."""
    assert len(a) == len(b), (len(a), len(b))
    error = sum((x - y) * (x - y) for x, y in zip(a, b)) / len(a)
    return math.inf if error == 0 else 10 * math.log10(255 * 255 / error)


def level(signal, frequency, rate=48000):
    """The amplitude of `frequency` in `signal` (Goertzel, Hann window)."""
    n = len(signal)
    coefficient = 2 * math.cos(2 * math.pi * frequency / rate)
    s1 = s2 = 0.0
    for i, x in enumerate(signal):
        w = 0.5 - 0.5 * math.cos(2 * math.pi * i / (n - 1))
        s1, s2 = x * w + coefficient * s1 - s2, s1
    power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
    return 2 * math.sqrt(max(power, 0)) / (n / 2)


def decibels(ratio):
    return 20 * math.log10(ratio)


def y4m_frames(path):
    """(header, [frame bytes]) of a YUV4MPEG2 file, each frame with its FRAME line."""
    with open(path, "rb") as f:
        data = f.read()
    header, _, rest = data.partition(b"\n")
    fields = dict((field[:1], field[1:]) for field in header.split(b" ")[1:])
    width, height = int(fields[b"W"]), int(fields[b"H"])
    size = len(b"FRAME\n") + width * height + 2 * ((width + 1) // 2) * ((height + 1) // 2)
    assert len(rest) % size == 0, "a partial frame"
    return header + b"\n", [rest[i:i + size] for i in range(0, len(rest), size)]
