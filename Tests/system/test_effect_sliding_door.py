"""The slidingDoor plugin (plugins/sliding-door), end to end through `segue frame` against build/.

The content is cut at the whole-pixel column frame.minX + floor(width / 2);
at shift s each half moves by s·width, the left half left and the right half
right (negative s: towards each other, crossing). Where the halves overlap
the LEFT half is drawn on top (the order of the article's ZStack). Moves of
a whole number of pixels are exact copies, so those frames are checked
pixel for pixel; fractional ones are covered by the golden images.
"""
import unittest

import golden
from pngio import card_with_holes, read_png, write_png
from support import EffectInvariants, Workspace

CLEAR = (0, 0, 0, 0)



class SlidingDoorTests(EffectInvariants, Workspace):
    SHORTHAND = ".slidingDoor"
    PLUGIN_FILE = "sliding-door.so"
    IDENTITY_SPECS = (".slidingDoor(shift: -0.4)", ".slidingDoor(shift: 3)", ".slidingDoor(pieces: 4)")

    # --- known shifts, pixel for pixel ----------------------------------------

    def test_a_positive_shift_moves_the_halves_apart_by_whole_pixels(self):
        # 400 wide, shift 0.25: each half moves 100 pixels.
        width, height, got = self.frame(self.a, ".slidingDoor(shift: 0.25)", 0)
        _, _, source = read_png(self.a)
        self.assertEqual((width, height), (400, 300))
        for y in range(height):
            row, src = got[y * width:(y + 1) * width], source[y * width:(y + 1) * width]
            self.assertEqual(row[0:100], src[100:200], f"row {y}: the left half, 100 pixels to the left")
            self.assertEqual(row[100:300], [CLEAR] * 200, f"row {y}: the gap")
            self.assertEqual(row[300:400], src[200:300], f"row {y}: the right half, 100 pixels to the right")

    def test_the_cut_of_an_odd_width_is_at_a_whole_pixel(self):
        # The 257-wide card centred in a 771-wide output (frame x 257…514), shift 1:
        # the 128-column left half lands at 0…128, the 129-column right half at 642…771.
        width, height, got = self.frame(self.card, ".slidingDoor(shift: 1)", 0,
                                        "--placement", "center", "--size", "771x131")
        _, _, source = read_png(self.card)
        self.assertEqual((width, height), (771, 131))
        for y in range(height):
            row, src = got[y * width:(y + 1) * width], source[y * 257:(y + 1) * 257]
            self.assertEqual(row[0:128], src[0:128], f"row {y}: the left half")
            self.assertEqual(row[128:642], [CLEAR] * 514, f"row {y}: the gap")
            self.assertEqual(row[642:771], src[128:257], f"row {y}: the right half")

    def test_a_negative_shift_crosses_with_the_left_half_on_top(self):
        # shift −0.25 on 400: the left half (0…200) moves to 100…300, the right half (200…400) too.
        width, height, got = self.frame(self.a, ".slidingDoor(shift: -0.25)", 0)
        _, _, source = read_png(self.a)
        for y in range(height):
            row, src = got[y * width:(y + 1) * width], source[y * width:(y + 1) * width]
            self.assertEqual(row[0:100], [CLEAR] * 100, f"row {y}: uncovered on the left")
            self.assertEqual(row[100:300], src[0:200], f"row {y}: the overlap shows the left half, on top")
            self.assertEqual(row[300:400], [CLEAR] * 100, f"row {y}: uncovered on the right")
        # One overlapped pixel spelt out: output x 250 shows input x 150 (left half), not input x 350.
        self.assertEqual(got[10 * width + 250], source[10 * width + 150])
        self.assertNotEqual(got[10 * width + 250], source[10 * width + 350])

    def test_the_crossing_halves_blend_where_they_are_translucent(self):
        # A 400-wide picture with holes and a half-transparent band, shift −0.25: each half moves
        # 100 pixels, so output x in 100…300 is the left half's x − 100 drawn over the right half's x + 100.
        picture = self.path("translucent.png")
        write_png(picture, 400, 131, card_with_holes(400, 131))
        width, height, got = self.frame(picture, ".slidingDoor(shift: -0.25)", 0)
        _, _, source = read_png(picture)
        checked = {"left opaque": 0, "right clear": 0, "both translucent or mixed": 0}
        for y in range(height):
            for x in range(100, 300):
                out, top, under = got[y * width + x], source[y * width + x - 100], source[y * width + x + 100]
                if top[3] == 255:
                    self.assertEqual(out, top, f"({x}, {y}): an opaque left-half pixel hides the right half")
                    checked["left opaque"] += 1
                elif under[3] == 0:
                    self.assertEqual(out, top, f"({x}, {y}): over a hole the left half shows as it is")
                    checked["right clear"] += 1
                else:
                    self.assertGreaterEqual(out[3], max(top[3], under[3]), f"({x}, {y}): over adds coverage")
                    checked["both translucent or mixed"] += 1
        self.assertTrue(all(checked.values()), checked)

    def test_quarters_move_towards_their_corners_by_whole_pixels(self):
        # 400×300, shift 0.25 with four pieces: each quarter moves 100 across and 75 down or up.
        width, height, got = self.frame(self.a, ".slidingDoor(shift: 0.25, pieces: 4)", 0)
        _, _, source = read_png(self.a)
        for y in range(height):
            for x in range(width):
                if x < 100 and y < 75:
                    want = source[(y + 75) * width + x + 100]       # top-left quarter
                elif x >= 300 and y < 75:
                    want = source[(y + 75) * width + x - 100]       # top-right
                elif x < 100 and y >= 225:
                    want = source[(y - 75) * width + x + 100]       # bottom-left
                elif x >= 300 and y >= 225:
                    want = source[(y - 75) * width + x - 100]       # bottom-right
                else:
                    want = CLEAR
                self.assertEqual(got[y * width + x], want, f"({x}, {y})")

    def test_every_quarter_pixel_lands_once_at_whole_pixel_shifts(self):
        # Crossing quarters (shift −0.05: 20 across, 15 down on 400×300) over an opaque photo:
        # each output pixel shows exactly the input pixel its top-left-most covering quarter puts there.
        width, height, got = self.frame(self.a, ".slidingDoor(shift: -0.05, pieces: 4)", 0)
        _, _, source = read_png(self.a)
        moves = [((200, 400), (150, 300), 20, 15),   # bottom-right moves left and up
                 ((0, 200), (150, 300), -20, 15),   # bottom-left
                 ((200, 400), (0, 150), 20, -15),   # top-right
                 ((0, 200), (0, 150), -20, -15)]    # top-left, on top
        for y in range(height):
            for x in range(width):
                want = CLEAR
                for (x0, x1), (y0, y1), dx, dy in moves:
                    sx, sy = x + dx, y + dy
                    if x0 <= sx < x1 and y0 <= sy < y1:
                        want = source[sy * width + sx]
                self.assertEqual(got[y * width + x], want, f"({x}, {y})")

    def test_three_pieces_draw_halves(self):
        # 3 is in the declared range 2…4, so it renders (as every value an effect accepts must): halves, as 2.
        _, _, three = self.frame(self.a, ".slidingDoor(pieces: 3)", 0.5)
        _, _, two = self.frame(self.a, ".slidingDoor(pieces: 2)", 0.5)
        self.assertEqual(three, two)

    def test_at_shift_one_half_both_halves_have_left_the_frame(self):
        _, _, got = self.frame(self.a, ".slidingDoor", 0)  # the active state: shift 0.5
        self.assertEqual(set(got), {CLEAR})

    def test_mid_transition_the_halves_close_in(self):
        # progress 0.5 of the insertion: shift 0.25 (lerp of 0.5 → 0), the same as the explicit state.
        self.assertEqual(self.frame(self.a, ".slidingDoor", 0.5),
                         self.frame(self.a, ".slidingDoor(shift: 0.25)", 0, name="explicit.png"))

    def test_springs_overshoot_without_failing(self):
        for progress in (-0.5, 1.3, 2):
            with self.subTest(progress=progress):
                self.frame(self.card, ".slidingDoor", progress)

    # --- golden images ---------------------------------------------------

    def test_golden_images(self):
        small, holes = self.golden_pictures(2)
        golden.check_frames(self, [
            ("sliding_door_apart_0.2", small, ".slidingDoor(shift: 0.2)", 0),       # 32 px each way, exact
            ("sliding_door_crossing_0.13", holes, ".slidingDoor(shift: -0.13)", 0),  # 20.8 px, filtered
            ("sliding_door_spring_1.1", small, ".slidingDoor", 1.1),                 # shift −0.05: crossing a little
        ])


if __name__ == "__main__":
    unittest.main()
