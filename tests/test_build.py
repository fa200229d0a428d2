"""The build pipeline: each distinct face is rasterized once; identical faces share one image."""

from __future__ import annotations

import deckgen.build as build_module
from deckgen.build import BuildOptions, build, render_targets


def test_variant_and_base_share_rasters(project, tmp_path, monkeypatch):
    calls = []
    real = build_module.rasterize_many

    def counting(jobs, workers=None, progress=None):
        calls.append(len(jobs))
        return real(jobs, workers, progress)

    monkeypatch.setattr(build_module, "rasterize_many", counting)
    build(project, ["classic"], BuildOptions(dpi=72, out=tmp_path, languages=("en",)))
    targets = [t for t in render_targets(project, ["classic"], ("en",))]
    distinct = {svg for t in targets for svg in (*t.fronts.values(), t.back)}
    assert sum(calls) == len(distinct)
    # the Cloud City variant only adds its own face cards: 60 suited cards and the back are reused
    assert calls[1] == len(set(targets[1].fronts.values()) - set(targets[0].fronts.values()))
    assert calls[1] <= 8
