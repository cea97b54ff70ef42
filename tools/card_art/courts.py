"""The court cards: a king, queen and jack of each suit, drawn as two mirrored halves."""

from __future__ import annotations

import math
from collections.abc import Iterable

from tools.card_art.backs import lattice
from tools.card_art.pips import pip
from tools.card_art.svg import (
    BLUE,
    FRAME_BG,
    FRAME_LATTICE,
    GOLD,
    GREEN,
    INK,
    LIP,
    PEARL,
    ROSE,
    SKIN,
    SKIN_SHADE,
    STEEL,
    SUIT_COLOUR,
    WHITE,
    H,
    Point,
    W,
    circle,
    ellipse,
    group,
    ink,
    num,
    path,
    rounded_rect_d,
)

FRAME = (35.0, 63.5, 180.0, 223.0)  # x, y, w, h of the portrait frame
HALF_X0, HALF_CUT = 10.0, 111.0  # halves are drawn for x 10..190, divider at y = 111


def court_face(rank: str, suit: str) -> list[str]:
    """Framed, double-ended court portrait."""
    fx, fy, fw, fh = FRAME
    half = {"J": jack_half, "Q": queen_half, "K": king_half}[rank](suit)
    upper = group(half, f"translate({num(fx - HALF_X0)} {num(fy + fh / 2 - HALF_CUT)})")
    lower = group([upper], f"rotate(180 {W // 2} {H // 2})")
    return [
        path(rounded_rect_d(fx, fy, fw, fh, 3), FRAME_BG),
        lattice((fx + 3, fy + 3, fx + fw - 3, fy + fh - 3), 14.0, FRAME_LATTICE, 1.0),
        upper,
        lower,
        path(f"M{num(fx)} {num(fy + fh / 2)}H{num(fx + fw)}", "none", INK, 1.4),
        path(rounded_rect_d(fx, fy, fw, fh, 3), "none", INK, 1.6),
        path(rounded_rect_d(fx + 3, fy + 3, fw - 6, fh - 6, 2), "none", GOLD, 1.6),
    ]


PURPLE = "#5a3d8f"
#: Hair colour per court rank and suit, so the twelve portraits are individuals.
HAIR = {
    "K": {"s": "#7d7d82", "h": "#8a5a2b", "d": "#b06a2a", "c": "#4a3322"},
    "Q": {"s": "#3b2a21", "h": "#a65a2a", "d": "#c7963f", "c": "#6b4226"},
    "J": {"s": "#5b3a1e", "h": "#b5712f", "d": "#2e2420", "c": "#8a6a3a"},
}
#: Secondary garment colour per suit; never a suit colour, also in four-colour mode.
ACCENT = {"s": BLUE, "h": BLUE, "d": PURPLE, "c": BLUE}
WOOD = "#8b5a2b"
VEIL = "#dfe6f6"
EYE = "#3b2a1c"


def face(cx: float, cy: float, rx: float, ry: float, lashes: bool = False) -> list[str]:
    """Face oval with eyes, nose and cheeks (brows and mouth are drawn by the caller)."""
    ey = cy - ry * 0.06
    dx = rx * 0.42
    out = [ellipse(cx, cy, rx, ry, SKIN)]
    for side in (-1, 1):
        x = cx + side * dx
        out.append(ellipse(x, ey, rx * 0.2, ry * 0.08, WHITE, None))
        out.append(circle(x + side * 0.3, ey + 0.2, ry * 0.072, EYE))
        out.append(
            path(
                f"M{num(x - rx * 0.23)} {num(ey + 0.3)}Q{num(x)} {num(ey - ry * 0.15)} "
                f"{num(x + rx * 0.23)} {num(ey + 0.3)}",
                "none",
                INK,
                1.1,
                stroke_linecap="round",
            )
        )
        out.append(circle(cx + side * rx * 0.52, cy + ry * 0.3, rx * 0.17, ROSE, opacity=0.22))
        if lashes:
            out.append(
                path(
                    f"M{num(x + side * rx * 0.21)} {num(ey)}l{num(side * 2)} -1.8",
                    "none",
                    INK,
                    0.9,
                    stroke_linecap="round",
                )
            )
    nose_y = cy + ry * 0.3
    out.append(
        path(
            f"M{num(cx + 0.5)} {num(ey + 3)}Q{num(cx - 3.5)} {num(nose_y)} "
            f"{num(cx + 1.5)} {num(nose_y + 0.5)}",
            "none",
            SKIN_SHADE,
            1.4,
            stroke_linecap="round",
            stroke_linejoin="round",
        )
    )
    return out


def brows(cx: float, y: float, dx: float, colour: str, lift: float = 2.5) -> str:
    """Two eyebrows as short thick curves."""
    d = "".join(
        f"M{num(cx + s * (dx - 5))} {num(y + 0.5)}Q{num(cx + s * dx)} {num(y - lift)} "
        f"{num(cx + s * (dx + 6))} {num(y + 1)}"
        for s in (-1, 1)
    )
    return path(d, "none", colour, 2.2, stroke_linecap="round")


def ermine(x: float, y: float) -> str:
    """A small ermine tail mark."""
    return path(
        f"M{num(x)} {num(y)}c-1.2 2-1.6 4-2.4 5.5 1-.5 1.8-.4 2.4.4.6-.8 1.4-.9 "
        f"2.4-.4-.8-1.5-1.2-3.5-2.4-5.5Z",
        INK,
    )


def jewel_row(points: Iterable[Point], r: float = 2.2) -> list[str]:
    """Alternating blue and rose jewels with a fine outline."""
    return [circle(x, y, r, (BLUE, ROSE)[i % 2], INK, 0.7) for i, (x, y) in enumerate(points)]


def lozenges(points: Iterable[Point], size: float, fill: str) -> str:
    """Small diamonds (one path) centred on ``points``."""
    return path(
        "".join(
            f"M{num(x)} {num(y - size)}l{num(size * 0.75)} {num(size)} "
            f"{num(-size * 0.75)} {num(size)} {num(-size * 0.75)} {num(-size)}Z"
            for x, y in points
        ),
        fill,
    )


def raised_hand(x: float, y: float, cuff: str, sleeve: str) -> list[str]:
    """A fist gripping a shaft at ``(x, y)``, with cuff and sleeve down to the divider."""
    return [
        ink(
            f"M{num(x - 10)} 111L{num(x - 9)} {num(y + 9)}H{num(x + 9)}L{num(x + 11)} 111Z", sleeve
        ),
        ink(f"M{num(x - 10)} {num(y + 5)}h20v6h-20Z", cuff),
        ink(
            f"M{num(x - 8)} {num(y - 3)}C{num(x - 8)} {num(y - 7)} {num(x + 8)} {num(y - 7)} "
            f"{num(x + 8)} {num(y - 3)}V{num(y + 3)}C{num(x + 8)} {num(y + 6)} {num(x - 8)} "
            f"{num(y + 6)} {num(x - 8)} {num(y + 3)}Z",
            SKIN,
            1,
        ),
        path(
            f"M{num(x - 8)} {num(y - 2)}h9M{num(x - 8)} {num(y + 1)}h9M{num(x - 8)} {num(y + 4)}h9",
            "none",
            SKIN_SHADE,
            0.9,
        ),
        path(
            f"M{num(x + 1)} {num(y - 5.5)}C{num(x + 6)} {num(y - 4)} {num(x + 6)} {num(y)} "
            f"{num(x + 1)} {num(y + 1)}",
            "none",
            INK,
            0.9,
            stroke_linecap="round",
        ),
    ]


def sword(x: float, tip: float, guard: float) -> list[str]:
    """Upright sword with a gold guard; the blade runs from ``tip`` to ``guard``."""
    return [
        ink(
            f"M{num(x - 4.5)} {num(guard)}V{num(tip + 10)}L{num(x)} {num(tip)}L{num(x + 4.5)} "
            f"{num(tip + 10)}V{num(guard)}Z",
            STEEL,
        ),
        path(f"M{num(x)} {num(tip + 9)}V{num(guard - 2)}", "none", "#9aa4b0", 1.3),
        ink(f"M{num(x - 3)} {num(guard)}h6v16h-6Z", WOOD),
        ink(
            f"M{num(x - 16)} {num(guard - 3)}C{num(x - 8)} {num(guard - 1)} {num(x + 8)} "
            f"{num(guard - 1)} {num(x + 16)} {num(guard - 3)}V{num(guard + 3)}C{num(x + 8)} "
            f"{num(guard + 5)} {num(x - 8)} {num(guard + 5)} {num(x - 16)} {num(guard + 3)}Z",
            GOLD,
        ),
        circle(x - 16, guard, 3.2, GOLD, INK, 0.9),
        circle(x + 16, guard, 3.2, GOLD, INK, 0.9),
    ]


ROBE = (
    "M10 111V85C26 78 46 74 66 71.5C80 70 90 69 100 69C110 69 120 70 134 71.5"
    "C154 74 174 78 190 85V111Z"
)


def king_half(suit: str) -> list[str]:
    """Upper half of the king: crowned, bearded, ermine cape, raised sword."""
    c, hair, accent = SUIT_COLOUR[suit], HAIR["K"][suit], ACCENT[suit]
    out = [pip(suit, 30, 22, 28)]
    out.append(ink("M79 30C72 46 71 62 74 78H126C129 62 128 46 121 30Z", hair))
    out.append(ink(ROBE, c))
    out.append(
        lozenges(
            [
                (x, y)
                for y in (90, 102)
                for x in range(20 + (y % 4) * 3, 184, 20)
                if abs(x - 100) > 22
            ],
            3.2,
            GOLD,
        )
    )
    out.append(ink("M88 80H112V111H88Z", GOLD))
    out.append(lozenges([(100, 89), (100, 101)], 4, accent))
    # ermine cape with a scalloped edge
    out.append(
        ink(
            "M12 92C24 78 56 68 100 68C144 68 176 78 188 92C176 97 164 96 156 90"
            "C146 97 132 96 124 88C114 93 86 93 76 88C68 96 54 97 44 90"
            "C36 96 24 97 12 92Z",
            WHITE,
        )
    )
    out += [
        ermine(x, y)
        for x, y in ((30, 83), (54, 76), (74, 79), (126, 79), (146, 76), (170, 83), (100, 77))
    ]
    out += sword(150, 7, 80)
    out += raised_hand(150, 92, GOLD, c)
    # neck, face, beard, moustache
    out.append(ink("M92 58H108V72H92Z", SKIN_SHADE))
    out += face(100, 44, 18.5, 22)
    out.append(brows(100, 37, 8, hair))
    out.append(
        ink(
            "M81 46C80 62 87 74 95 80L100 86L105 80C113 74 120 62 119 46"
            "C116 53 113 57 109 59C105 56 95 56 91 59C87 57 84 53 81 46Z",
            hair,
        )
    )
    out.append(ellipse(100, 60.5, 3.6, 1.7, LIP, None))
    out.append(
        ink(
            "M100 55.5C95 52.5 88 53 84.5 58C89 56.5 94 57.5 100 58.5"
            "C106 57.5 111 56.5 115.5 58C112 53 105 52.5 100 55.5Z",
            hair,
            0.9,
        )
    )
    # crown: velvet cap, five points tipped with pearls, jewelled band
    out.append(ink("M82 22C82 10 118 10 118 22Z", c))
    out.append(ink("M78 30L76 8L88 17L100 5L112 17L124 8L122 30Z", GOLD))
    out.append(ink("M77 21H123V31H77Z", GOLD))
    out += [circle(x, y, 2.5, PEARL, INK, 0.8) for x, y in ((76, 8), (100, 5), (124, 8))]
    out += jewel_row([(84, 26), (92, 26), (100, 26), (108, 26), (116, 26)], 2.1)
    return out


def queen_half(suit: str) -> list[str]:
    """Upper half of the queen: tiara, veil, long hair, pearls and a rose."""
    c, hair, accent = SUIT_COLOUR[suit], HAIR["Q"][suit], ACCENT[suit]
    out = [pip(suit, 30, 22, 28)]
    out.append(ink("M80 16C62 28 54 52 50 80H150C146 52 138 28 120 16Z", VEIL))
    out.append(
        ink(
            "M82 28C73 42 71 60 66 80C76 84 86 80 90 70H110C114 80 124 84 134 80"
            "C129 60 127 42 118 28C110 20 90 20 82 28Z",
            hair,
        )
    )
    # gown: bodice, blue puffed sleeves with gold slashes, square neckline
    out.append(ink(ROBE, c))
    out.append(ink("M10 111V86C16 79 26 76 40 76C60 76 70 90 68 111Z", accent))
    out.append(ink("M190 111V86C184 79 174 76 160 76C140 76 130 90 132 111Z", accent))
    out.append(
        path(
            "".join(
                f"M{x} {82 if x in (38, 162) else 85}V111" for x in (24, 38, 54, 146, 162, 176)
            ),
            "none",
            GOLD,
            2.4,
        )
    )
    out.append(lozenges([(100, 100), (88, 104), (112, 104)], 3, GOLD))
    out.append(ink("M82 69H118L113 88H87Z", SKIN))
    out.append(path("M81 68L87 90H113L119 68", "none", GOLD, 3.6, stroke_linejoin="round"))
    out.append(ink("M93 58H107V72H93Z", SKIN_SHADE))
    out += face(100, 43, 17.5, 21.5, lashes=True)
    out.append(brows(100, 36.5, 7.5, hair, 3))
    out.append(ink("M95.8 57C98 55.6 102 55.6 104.2 57C102 59.6 98 59.6 95.8 57Z", LIP, 0.6))
    out.append(
        ink(
            "M82 39C81 26 90 21 100 25C110 21 119 26 118 39C113 31 106 28 100 31"
            "C94 28 87 31 82 39Z",
            hair,
        )
    )
    # pearl necklace and pendant
    out += [
        circle(88 + 3 * i, 71 + 5 * math.sin(math.pi * i / 8), 1.7, PEARL, INK, 0.5)
        for i in range(9)
    ]
    out.append(ink("M100 78l3.2 4.2-3.2 4.2-3.2-4.2Z", GOLD, 0.8))
    # tiara with arches, pearls and the suit as its centre jewel
    out.append(ink("M81 26C90 21 110 21 119 26L118 19C110 15 90 15 82 19Z", GOLD))
    out.append(
        ink(
            "M85 19C86 12 92 8.5 100 7C108 8.5 114 12 115 19C110 16.5 105 15.5 100 15.5"
            "C95 15.5 90 16.5 85 19Z",
            GOLD,
        )
    )
    out += [
        circle(x, y, 2, PEARL, INK, 0.7)
        for x, y in ((85, 17.5), (92, 10.5), (108, 10.5), (115, 17.5))
    ]
    out.append(circle(100, 5.5, 2.5, PEARL, INK, 0.7))
    out.append(pip(suit, 100, 13, 8))
    # a rose held up on the right
    out.append(path("M154 90C153 76 154 60 156 42", "none", GREEN, 2.8, stroke_linecap="round"))
    out.append(ink("M154 70C162 63 169 63 174 65C168 72 161 72 154 70Z", GREEN, 0.8))
    out.append(ink("M155 58C148 51 143 51 138 53C144 60 150 60 155 58Z", GREEN, 0.8))
    out.append(
        ink(
            "M156 27C163 27 168 32 167 38C166 44 161 47 156 47C150 47 145 43 145 37"
            "C145 31 150 27 156 27Z",
            ROSE,
            1,
        )
    )
    out.append(
        path(
            "M156 33c3.5-.5 5 3 3 5.5s-7 1.5-7-2.5 4-8 9-6",
            "none",
            "#9e2f45",
            1.3,
            stroke_linecap="round",
        )
    )
    out += raised_hand(154, 92, GOLD, accent)
    return out


def halberd(x: float, top: float) -> list[str]:
    """A halberd: wooden shaft, axe blade, back spike and spear point."""
    return [
        ink(f"M{num(x - 2.6)} 111V{num(top + 14)}H{num(x + 2.6)}V111Z", WOOD),
        ink(
            f"M{num(x - 4)} {num(top + 16)}L{num(x)} {num(top)}L{num(x + 4)} {num(top + 16)}Z",
            STEEL,
        ),
        ink(
            f"M{num(x + 2)} {num(top + 18)}C{num(x + 12)} {num(top + 14)} {num(x + 19)} "
            f"{num(top + 17)} {num(x + 22)} {num(top + 21)}C{num(x + 17)} {num(top + 30)} "
            f"{num(x + 17)} {num(top + 39)} {num(x + 22)} {num(top + 48)}C{num(x + 15)} "
            f"{num(top + 46)} {num(x + 8)} {num(top + 42)} {num(x + 2)} {num(top + 39)}Z",
            STEEL,
        ),
        ink(
            f"M{num(x - 2)} {num(top + 25)}L{num(x - 15)} {num(top + 31)}L{num(x - 2)} "
            f"{num(top + 34)}Z",
            STEEL,
        ),
        ink(f"M{num(x - 4)} {num(top + 40)}h8v4h-8Z", GOLD, 0.8),
    ]


def jack_half(suit: str) -> list[str]:
    """Upper half of the jack: plumed cap, bobbed hair, white collar, halberd."""
    c, hair, accent = SUIT_COLOUR[suit], HAIR["J"][suit], ACCENT[suit]
    out = [pip(suit, 30, 22, 28)]
    out += halberd(160, 6)
    out.append(
        ink(
            "M79 36C75 50 75 64 79 74C87 79 93 75 95 70H105C107 75 113 79 121 74"
            "C125 64 125 50 121 36Z",
            hair,
        )
    )
    # doublet with blue panels, gold trim and buttons
    out.append(ink(ROBE, c))
    out.append(ink("M36 77C30 88 28 98 28 111H52C52 98 55 88 60 73Z", accent))
    out.append(ink("M164 77C170 88 172 98 172 111H148C148 98 145 88 140 73Z", accent))
    out.append(path("M29 100H52M148 100H171M31 88H55M145 88H169", "none", GOLD, 2.6))
    out.append(path("M100 82V111", "none", GOLD, 5))
    out += [circle(100, y, 2.3, GOLD, INK, 0.8) for y in (88, 97, 106)]
    out += raised_hand(160, 92, GOLD, accent)
    # neck and white falling collar
    out.append(ink("M92 60H108V74H92Z", SKIN_SHADE))
    out.append(ink("M100 77C92 86 80 86 74 79L82 69H118L126 79C120 86 108 86 100 77Z", WHITE))
    out.append(path("M100 77V84", "none", INK, 1))
    out += face(100, 46, 17.5, 21.5)
    out.append(brows(100, 39.5, 7.5, hair, 2))
    out.append(path("M95.5 59Q100 62 104.5 59", "none", LIP, 1.8, stroke_linecap="round"))
    out.append(
        ink(
            "M82 41C80 30 88 24 100 24C112 24 120 30 118 41C114 37 110 35 106 37"
            "C102 34 98 34 94 37C90 35 86 37 82 41Z",
            hair,
        )
    )
    # flat cap with gold band, jewels and a curling plume
    out.append(ink("M66 27C66 13 86 3 106 4C126 5 138 13 136 24C122 31 84 32 66 27Z", c))
    out.append(ink("M70 25C90 30 116 30 134 22L135 28C118 36 90 37 70 31Z", GOLD))
    out += jewel_row([(84, 32.5), (102, 33), (120, 31)], 2)
    out.append(
        ink("M82 25C72 11 59 6 46 10C55 12 62 16 67 21C60 20 55 22 51 26C61 24 71 25 79 30Z", PEARL)
    )
    out.append(path("M79 27C70 16 59 11 49 11", "none", "#b9b2a2", 1, stroke_linecap="round"))
    return out
