"""A CMYK preset's colour pass: every face converted once with the preset's ICC profile (remembered in the
cache by content), its total ink checked against the preset's limit, the faces whose colours shift most
named in warnings."""

from __future__ import annotations

from dataclasses import dataclass, replace

from deckgen.errors import Problem
from deckgen.model import Card, Project
from deckgen.presets import Preset
from deckgen.presets.target import PresetDeck
from deckgen.render.store import hash_text


@dataclass(frozen=True)
class ProofFace:
    """One face for the soft proof: its game, name, CIEDE2000 shift and the raster it was measured on."""

    gid: str
    name: str
    delta_e: float
    key: str  # the RGB raster in the store
    width: int
    height: int


class ColourPass:
    """Converts every face once (remembered in the cache by content), and what the conversion found."""

    def __init__(self, project: Project, preset: Preset, store):
        from deckgen.colour import converter

        self.preset, self.store = preset, store
        self.profile = _profile(project, preset)
        self.converter = converter(self.profile, preset.colour.intent)
        self.limit = preset.colour.ink_limit
        self.measured: dict[str, object] = {}  # RGB raster key -> FaceColour
        self.cmyk_keys: dict[str, str] = {}  # RGB raster key -> CMYK raster key
        self.faces: dict[tuple, dict] = {}  # (file, line, subject) -> {"langs": [...], "colour": FaceColour}
        self.darkest: dict[str, tuple[str, float]] = {}

    def convert(self, key: str, width: int, height: int):
        """The CMYK raster key of RGB raster ``key`` and its measurements (converting it now if new)."""
        from deckgen.colour import FaceColour, flate
        from deckgen.render.store import encode_raster, write_atomic_bytes

        if key in self.measured:
            return self.cmyk_keys[key], self.measured[key]
        ck = hash_text("cmyk", key, self.converter.key, self.limit)
        entry = self.store.get("colour", ck)
        if entry is not None and self.store.has_raster(ck):
            measured = FaceColour.from_json(entry)
        else:
            rgb = self.store.load_raster(key).rgb()
            cmyk = self.converter.to_cmyk(rgb, width, height)
            measured = self.converter.measure(rgb, cmyk, self.limit)
            data = encode_raster(width, height, flate(cmyk))
            path = self.store.raster_path(ck)
            if path is None:
                self.store.keep_raster(ck, data)
            else:
                write_atomic_bytes(path, data)
            self.store.put("colour", ck, measured.as_json())
        self.cmyk_keys[key], self.measured[key] = ck, measured
        return ck, measured

    def measure_deck(self, d: PresetDeck, renderer: str) -> None:
        t = d.target
        stem = t.stem
        shared_back = None
        for card in d.cards:
            faces: list[tuple[Card | None, str, str]] = [(card, "front", t.fronts[card.id])]
            if card.back:
                faces.append((card, "own back", t.backs[card.id]))
            elif shared_back is None:
                shared_back = t.backs[card.id]
                faces.append((None, "back", shared_back))
            for owner, side, svg_hash in faces:
                _, measured = self.convert(d.key(svg_hash, renderer), *d.shop.pixels)
                src: tuple[str | None, int | None]
                if owner is not None and owner.source is not None:
                    src = (owner.source.file, owner.source.line)
                else:
                    src = (d.deck.source.file, d.deck.source.line) if d.deck.source else (None, None)
                subject = (f"card {owner.id}" if side == "front" else f"the back of card {owner.id}") \
                    if owner is not None else f"the back of {d.deck.label}"
                slot = self.faces.setdefault((*src, subject, d.deck.label), {"langs": [], "colour": measured})
                proof = slot.get("proof")
                if proof is None or measured.delta_e > proof.delta_e:  # the soft proof shows its worst rendering
                    slot["proof"] = ProofFace(d.gid, self._name(subject, [t.lang] if d.deck.localized else []),
                                              measured.delta_e, d.key(svg_hash, renderer), *d.shop.pixels)
                if d.deck.localized and t.lang not in slot["langs"]:
                    slot["langs"].append(t.lang)
                if measured.max_ink > slot["colour"].max_ink:
                    slot["colour"] = measured
                darkest = self.darkest.get(stem)
                if darkest is None or measured.max_ink > darkest[1]:
                    self.darkest[stem] = (subject, measured.max_ink)

    def worst_faces(self, gid: str, count: int = 4) -> list[ProofFace]:
        """The ``count`` faces of game ``gid`` whose colours shift most in print, worst first."""
        faces = sorted((slot["proof"] for slot in self.faces.values() if slot["proof"].gid == gid),
                       key=lambda f: -f.delta_e)
        shown: dict[str, ProofFace] = {}
        for face in faces:  # a face two decks share: once
            shown.setdefault(face.key, face)
        return list(shown.values())[:count]

    def _name(self, subject: str, langs: list[str]) -> str:
        return f"{subject} [{', '.join(langs)}]" if langs else subject

    def _once_per_face(self, worse) -> dict[tuple, dict]:
        """The measured faces by (file, line, subject): a face two decks share (a deck and its variant) once,
        with the languages of both and the measurement ``worse`` (a key of it) ranks highest."""
        merged: dict[tuple, dict] = {}
        for (file, line, subject, _deck), slot in self.faces.items():
            seen = merged.setdefault((file, line, subject), {"langs": [], "colour": slot["colour"]})
            seen["langs"] += [lang for lang in slot["langs"] if lang not in seen["langs"]]
            if worse(slot["colour"]) > worse(seen["colour"]):
                seen["colour"] = slot["colour"]
        return merged

    def ink_problems(self) -> list[Problem]:
        if self.limit is None:
            return []
        problems = []
        for (file, line, subject), slot in self._once_per_face(lambda c: c.max_ink).items():
            c = slot["colour"]
            if c.max_ink > self.limit + 0.5:
                problems.append(Problem(file, line, None, None,
                                        f"{self._name(subject, slot['langs'])}: total ink reaches {c.max_ink:.0f} % "
                                        f"on {c.over:.0%} of its area, over the {self.limit:g} % limit of preset "
                                        f"{self.preset.name} ({self.profile.identifier}); lighten its darkest "
                                        f"colours (a rich black of about C60 M40 Y40 K100 is 240 %)"))
        return problems

    def gamut_warnings(self, named: int = 5) -> list[Problem]:
        threshold = self.preset.colour.gamut_warning
        if threshold is None:
            return []
        over = sorted(((slot["colour"].delta_e, key, slot) for key, slot in
                       self._once_per_face(lambda c: c.delta_e).items() if slot["colour"].delta_e > threshold),
                      key=lambda x: -x[0])
        warnings = []
        for delta_e, (file, line, subject), slot in over[:named]:
            shifts = "; ".join(f"{hex_} prints as C{k[0]} M{k[1]} Y{k[2]} K{k[3]} (ΔE {de:g}, {share:.1%} of the "
                               f"card)" for hex_, de, share, k in slot["colour"].shifts
                               if de >= max(1.0, threshold / 2)) or "many small areas"
            warnings.append(Problem(file, line, None, None,
                                    f"{self._name(subject, slot['langs'])}: its colours shift in CMYK by ΔE2000 "
                                    f"{delta_e:g} over its worst 1 %: {shifts}", warning=True))
        if len(over) > named:
            rest = ", ".join(self._name(key[2], slot["langs"]) for _, key, slot in over[named:])
            warnings.append(Problem(self.preset.file, self.preset.doc.line(("colour", "gamut_warning")), None,
                                    "colour.gamut_warning",
                                    f"{len(over) - named} more faces shift by more than ΔE2000 {threshold:g}: {rest}",
                                    warning=True))
        return warnings


def _profile(project: Project, preset: Preset):
    """The preset's output profile with the output condition its PDF/X output intent names."""
    from deckgen.colour import BUNDLED, OutputProfile, bundled_profile, profile_description
    from deckgen.presets import resolve_profile

    spec = preset.colour.profile
    if spec in BUNDLED:
        profile = bundled_profile(spec)
    else:
        path = resolve_profile(spec, project.root)
        description = profile_description(path)
        profile = OutputProfile(path.stem, path, description, "http://www.color.org", description)
    if preset.colour.condition:
        profile = replace(profile, identifier=preset.colour.condition)
    return profile
