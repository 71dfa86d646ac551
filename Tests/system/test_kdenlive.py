"""Kdenlive's part, played by a model: every descriptor `make` writes
(build/share/kdenlive/transitions) is turned into MLT properties as Kdenlive
turns it, the mix is rendered in Debian's melt with exactly those
properties, and the frames are compared with `segue frame` of the same
transition at its defaults, written here as a user would write the spec.

The model follows Kdenlive's code (KDE/kdenlive; 22.12.3, which Debian
ships, and today's tree); each rule names the function it comes from. The
rules are numbered as in bridges/kdenlive/descriptors.c.

Kdenlive itself is not run: its parser lives in the GUI program, which
needs a display, a session bus and a project, and Debian's package pulls in
most of KDE; the model is the oracle instead.
"""
import math
import os
import re
import shutil
import unittest
import xml.etree.ElementTree as ElementTree

from test_frei0r import FILES, Bridge
from test_mlt import MODULE, module_folder, psnr

KDENLIVE = os.path.join(os.path.dirname(MODULE), "..", "..", "share", "kdenlive", "transitions")

# Each transition at its defaults, as a user writes it; with the blend the
# crossfade is drawn with.
DEFAULTS = {
    "segue_push": ".push(from: .trailing)",
    "segue_slide": ".slide",
    "segue_move": ".move(edge: .trailing)",
    "segue_scale": ".scale",
    "segue_opacity": ".opacity",
    "segue_flip": ".flip(axis: .y)",
    "segue_blurreplace": ".blurReplace",
    "segue_clip": ".clip",
    "segue_countup": ".countUp",
    "segue_slidingdoor": ".slidingDoor",
    "segue_explode": ".explode",
    "segue_tiktok": ".tiktok",
    "segue_slideaway": ".slideAway",
    "segue_particles": ".asymmetric(insertion: .opacity, removal: .particles)",
}
PLUS_LIGHTER = {"segue_opacity"}


def qt_to_double(text):
    """QString::toDouble: the number, or 0 when the whole text is not one."""
    try:
        return float(text)
    except ValueError:
        return 0.0


def number_text(value):
    """A double as Kdenlive writes it back into a property."""
    return f"{value:.6f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


class Kdenlive:
    """How Kdenlive turns a descriptor into the composition's MLT properties."""

    def __init__(self, path, version="22.12"):
        self.root = ElementTree.parse(path).getroot()
        self.version = version

    def parameters(self):
        # R5: AssetParameterModel's constructor takes every <parameter>
        # element of the descriptor (elementsByTagName), nested ones too.
        return list(self.root.iter("parameter"))

    def property(self, parameter):
        """The property's text for one <parameter>."""
        # R1: AssetParameterModel::AssetParameterModel reads `value` first,
        # verbatim; else parseAttribute("default"), written as it stands.
        value = parameter.get("value")
        if value is not None:
            return value
        value = parameter.get("default", "")
        kind = parameter.get("type")
        if kind == "animated":
            # R3: 22.12's parseAttribute reads an animated default as one
            # number (QString::toDouble, 0 when it is not one); today's keeps
            # a text with ';' as it is.
            if self.version == "22.12" or ";" not in value:
                value = number_text(qt_to_double(value))
            # R3: the constructor prefixes a value without '=' with the
            # item's in point, 0 for a composition.
            if "=" not in value:
                value = "0=" + value
        elif kind in ("constant", "double", "fixed"):
            # R1: parseAttribute gives a number for these (fixed is an
            # unknown type, read as a double).
            value = number_text(qt_to_double(value))
        return value

    def properties(self):
        return {p.get("name"): self.property(p) for p in self.parameters()}

    @staticmethod
    def shown(parameter, property_value):
        """R2: a number's widget shows property × factor
        (DoubleWidget, KeyframeWidget::addParameter); `offset` is never read."""
        number = qt_to_double(property_value.split("=")[-1])
        return number * float(parameter.get("factor", "1"))


@unittest.skipUnless(shutil.which("melt"), "melt is not installed (make test-deps installs it)")
class KdenliveDescriptorTests(Bridge):
    def setUp(self):
        super().setUp()
        self.env = dict(self.env, MLT_REPOSITORY=module_folder(self.path("mlt-modules")))

    def descriptors(self):
        """(file, service, path, native) for every descriptor."""
        for name in FILES:
            yield name, f"frei0r.{name}", os.path.join(KDENLIVE, name + ".xml"), False
            service = "segue." + name[len("segue_"):]
            yield name, service, os.path.join(KDENLIVE, service + ".xml"), True

    def mix(self, service, properties):
        """Clips of 10 frames each joined with a 5-frame mix under `service`
        with `properties`: the five mixed frames, raw RGBA."""
        pattern = self.path("k%02d.png")
        assignments = [f"{name}={value}" for name, value in properties.items()]
        result = self.melt(f"avformat:{self.path('from.png')}", "out=9", f"avformat:{self.path('to.png')}", "out=9",
                           "-mix", "5", "-mixer", service, *assignments, "-consumer", f"avformat:{pattern}",
                           "vcodec=png")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("segue", result.stderr, "no parameter is refused")
        return [self.decoded(pattern % k) for k in range(6, 11)]

    @staticmethod
    def progress(native, k):
        """The progress of mixed frame k: MLT's own for the module, (frame −
        in) ÷ (out − in + 1); the descriptor's position 0=0;-1=1 for frei0r."""
        return k / 5 if native else k / 4

    def test_every_descriptor_renders_the_transition_at_its_defaults(self):
        for name, service, path, native in self.descriptors():
            with self.subTest(service=service):
                kdenlive = Kdenlive(path)
                names = [p.get("name") for p in kdenlive.parameters()]
                self.assertEqual(len(names), len(set(names)), "R5: no parameter twice")
                self.assertEqual(kdenlive.root.get("type"), "short", "R4: offered with the dissolve")
                frames = self.mix(service, kdenlive.properties())
                blend = ("--blend", "plusLighter") if name in PLUS_LIGHTER else ()
                for k, got in enumerate(frames):
                    expected = self.frame(DEFAULTS[name], self.progress(native, k), "to", *blend)
                    self.assertGreaterEqual(psnr(got, expected), 40, f"{service}, mixed frame {k}")

    def test_the_widgets_show_real_units(self):
        # The module's metadata gives each parameter's real default and range.
        for name, service, path, native in self.descriptors():
            kdenlive = Kdenlive(path)
            properties = kdenlive.properties()
            meta = self.melt("-query", "transition=segue." + name[len("segue_"):]).stdout
            for parameter in kdenlive.parameters():
                block = re.search(rf"identifier: {parameter.get('name')}\n((?:    .*\n)*)", meta)
                if parameter.get("type") != "animated" or parameter.get("name") == "position" or not block:
                    continue
                with self.subTest(service=service, parameter=parameter.get("name")):
                    real = {key: float(value) for key, value in re.findall(r"    (minimum|maximum|default): (.*)",
                                                                            block.group(1))}
                    shown = Kdenlive.shown(parameter, properties[parameter.get("name")])
                    self.assertAlmostEqual(shown, real["default"], places=6)
                    self.assertEqual((float(parameter.get("min")), float(parameter.get("max"))),
                                     (real["minimum"], real["maximum"]), "min and max are shown units")
                    integer = "type: integer" in block.group(1)
                    self.assertEqual(parameter.get("decimals"), "0" if integer else "2")

    def test_the_progress_survives_22_12_and_steps_finely(self):
        for version in ("22.12", "current"):
            kdenlive = Kdenlive(os.path.join(KDENLIVE, "segue_push.xml"), version)
            position = next(p for p in kdenlive.parameters() if p.get("name") == "position")
            self.assertEqual(kdenlive.property(position), "0=0;-1=1", version)
            # R2: shown × 100 with one decimal: steps of 0.001 of the progress, not 0 or 1.
            self.assertEqual((position.get("factor"), position.get("decimals")), ("100", "1"))

    def test_the_explodes_pieces_are_the_declared_grid(self):
        # The old descriptor sent columns=8 as frei0r's 0…1 and drew 64×64
        # pieces: the defaults must be far from that grid and at the 8×6 one.
        for service, path, native in (("frei0r.segue_explode", os.path.join(KDENLIVE, "segue_explode.xml"), False),
                                      ("segue.explode", os.path.join(KDENLIVE, "segue.explode.xml"), True)):
            with self.subTest(service=service):
                got = self.mix(service, Kdenlive(path).properties())[2]
                progress = self.progress(native, 2)
                self.assertGreaterEqual(psnr(got, self.frame(".explode(columns: 8, rows: 6)", progress)), 40)
                self.assertLess(psnr(got, self.frame(".explode(columns: 64, rows: 64)", progress)), 30)
                self.assertLess(psnr(got, self.frame(".explode(columns: 1, rows: 1)", progress)), 30)

    def test_a_keyframed_force_changes_the_frames(self):
        # force from 0 at the mix's first frame to 2 at its last: frame k has k/2.
        for service, path, native, keyframes in (
                ("segue.explode", "segue.explode.xml", True, "0=0;4=2"),
                ("frei0r.segue_explode", "segue_explode.xml", False, "0=0;4=0.2")):  # v × 10
            with self.subTest(service=service):
                properties = dict(Kdenlive(os.path.join(KDENLIVE, path)).properties(), force=keyframes)
                frames = self.mix(service, properties)
                for k, got in enumerate(frames):
                    expected = self.frame(f".explode(force: {k / 2})", self.progress(native, k))
                    self.assertGreaterEqual(psnr(got, expected), 40, f"{service}, mixed frame {k}")
                steady = self.frame(".explode", self.progress(native, 3))
                self.assertLess(psnr(frames[3], steady), 30, "the keyframes, not the default, drew frame 3")


if __name__ == "__main__":
    unittest.main()
