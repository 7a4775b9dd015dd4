"""The retrieval benchmark's realistic synthetic vectors: convex mixes of 2 or 3 real chunk vectors of the same
kind of document plus small noise, renormalised (benchmarks/retrieval.py, mix_vectors)."""

from __future__ import annotations

import numpy as np
import pytest

from georisk_graph.benchmarks.retrieval import ANCHOR_WEIGHT, REPORT, STATUTE, BaseVectors, mix_vectors

DIMENSION = 384


def _base(seed: int = 3) -> BaseVectors:
    """Real-like chunk vectors: each kind around its own direction (cosine about 0.5 between chunks of a kind,
    as sentence embeddings of one corpus are), 4 statutes of 2 chunks and 6 reports of 3, in document order."""
    rng = np.random.default_rng(seed)
    centres = {kind: rng.standard_normal(DIMENSION) for kind in (STATUTE, REPORT)}
    kinds, documents, rows = [], [], []
    for number, (kind, chunks) in enumerate([(STATUTE, 2)] * 4 + [("incident_update", 3)] * 6):
        for _ in range(chunks):
            centre = centres[STATUTE if kind == STATUTE else REPORT]
            rows.append(centre / np.linalg.norm(centre) + rng.standard_normal(DIMENSION) / np.sqrt(DIMENSION))
            kinds.append(kind)
            documents.append(number)
    vectors = np.asarray(rows, dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    questions = vectors[:5] + 0.1
    return BaseVectors(vectors=vectors, kinds=np.asarray(kinds), documents=np.asarray(documents),
                       questions=questions / np.linalg.norm(questions, axis=1, keepdims=True), model="test")


DOC_KINDS = [STATUTE, REPORT, REPORT, STATUTE, REPORT, REPORT, REPORT, REPORT, STATUTE, REPORT]


def test_shapes_unit_rows_and_weights():
    base = _base()
    mixed = mix_vectors(base, DOC_KINDS, per_doc=4, total=38, rng=np.random.default_rng(0))
    assert mixed.vectors.shape == (38, DIMENSION) and mixed.vectors.dtype == np.float32
    assert mixed.sources.shape == (38, 3) and mixed.weights.shape == (38, 3)
    assert np.allclose(np.linalg.norm(mixed.vectors, axis=1), 1.0, atol=1e-5)
    assert np.allclose(mixed.weights.sum(axis=1), 1.0, atol=1e-5)
    assert ((mixed.weights[:, 0] >= ANCHOR_WEIGHT[0]) & (mixed.weights[:, 0] <= ANCHOR_WEIGHT[1])).all()
    # two or three sources, an unused one with no weight
    assert (mixed.sources[:, :2] >= 0).all()
    assert ((mixed.sources[:, 2] >= 0) | (mixed.weights[:, 2] == 0)).all()
    assert {2, 3} == set((mixed.sources >= 0).sum(axis=1).tolist())


def test_sources_are_of_the_documents_kind_and_anchors_follow_one_real_document():
    base = _base()
    mixed = mix_vectors(base, DOC_KINDS, per_doc=4, total=38, rng=np.random.default_rng(1))
    kind_of = np.where(base.kinds == STATUTE, STATUTE, REPORT)
    for row in range(38):
        wanted = DOC_KINDS[row // 4]
        assert {kind_of[s] for s in mixed.sources[row] if s >= 0} == {wanted}, row
    for doc in range(len(DOC_KINDS)):
        anchors = mixed.sources[doc * 4:min(doc * 4 + 4, 38), 0]
        real = set(base.documents[anchors].tolist())
        assert len(real) == 1, doc  # one real document behind each synthetic one
        own = np.flatnonzero(base.documents == real.pop())
        assert anchors.tolist() == [own[i % len(own)] for i in range(len(anchors))]


def test_mixtures_stay_near_their_sources():
    base = _base()
    mixed = mix_vectors(base, DOC_KINDS * 20, per_doc=4, total=800, rng=np.random.default_rng(2))
    blend = np.einsum("nk,nkd->nd", mixed.weights, base.vectors[np.maximum(mixed.sources, 0)])
    blend /= np.linalg.norm(blend, axis=1, keepdims=True)
    closeness = np.einsum("nd,nd->n", mixed.vectors, blend)
    assert closeness.min() > 0.93  # the noise moves a mix by about 0.2 in norm
    # the anchor, which holds most of the weight, is among the nearest real chunks to each mix
    scores = mixed.vectors @ base.vectors.T
    ranks = (scores > scores[np.arange(800), mixed.sources[:, 0]][:, None]).sum(axis=1)
    assert (ranks < 3).mean() > 0.95
    # not copies: two mixes of the same anchor differ
    same = np.flatnonzero(mixed.sources[:, 0] == mixed.sources[0, 0])
    assert len(same) > 1 and float(mixed.vectors[same[0]] @ mixed.vectors[same[1]]) < 0.9999


def test_the_same_seed_gives_the_same_vectors_and_too_few_documents_are_refused():
    base = _base()
    one = mix_vectors(base, DOC_KINDS, per_doc=4, total=40, rng=np.random.default_rng(5))
    two = mix_vectors(base, DOC_KINDS, per_doc=4, total=40, rng=np.random.default_rng(5))
    assert np.array_equal(one.vectors, two.vectors) and np.array_equal(one.sources, two.sources)
    with pytest.raises(ValueError, match="cannot hold"):
        mix_vectors(base, DOC_KINDS, per_doc=4, total=41, rng=np.random.default_rng(5))


def test_base_vectors_are_cached_as_written(tmp_path):
    base = _base()
    path = tmp_path / "bench" / "base.npz"
    base.save(path)
    again = BaseVectors.read(path)
    assert np.array_equal(again.vectors, base.vectors) and again.kinds.tolist() == base.kinds.tolist()
    assert np.array_equal(again.documents, base.documents) and np.array_equal(again.questions, base.questions)
    assert again.model == "test" and [p.name for p in path.parent.iterdir()] == ["base.npz"]
