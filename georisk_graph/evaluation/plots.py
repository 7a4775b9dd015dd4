"""PNG plots of an evaluation: the decision mix of each system beside the gold mix, and FCR and GDR
per system; both split into location-dependent and location-independent questions."""

from __future__ import annotations

from pathlib import Path

from .results import Evaluation

SPLITS = (("location_dependent", "location-dependent"), ("location_independent", "location-independent"))
COLOURS = {"answer": "#4c9a5b", "warn": "#e3a33b", "abstain": "#9a9a9a"}


def _pyplot():
    from ..optional import require

    matplotlib = require("matplotlib", "plots", "the evaluation plots")
    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    return plt


def _mix(decisions: list[str]) -> dict[str, float]:
    total = len(decisions) or 1
    return {d: decisions.count(d) / total for d in COLOURS}


def plot_decisions(evaluation: Evaluation, path: Path) -> Path:
    """Stacked bars: the share of answer / warn / abstain per system, with the gold labels on top."""
    plt = _pyplot()
    names = ["gold"] + list(evaluation.runs)
    fig, axes = plt.subplots(1, 2, figsize=(12, 1.2 + 0.55 * len(names)), sharey=True)
    for ax, (split, title) in zip(axes, SPLITS):
        dependent = split == "location_dependent"
        questions = [q for q in evaluation.questions if q.location_dependent == dependent]
        wanted = {q.id for q in questions}
        for row, name in enumerate(names):
            if name == "gold":
                mix = _mix([q.gold_decision for q in questions])
            else:
                run = evaluation.runs[name]
                if run.summary is None:
                    ax.text(0.01, row, "not run", va="center", fontsize=9, color="#555555")
                    continue
                mix = _mix([r.decision for r in run.records if r.question_id in wanted])
            left = 0.0
            for decision, share in mix.items():
                ax.barh(row, share, left=left, color=COLOURS[decision], edgecolor="white",
                        label=decision if row == 0 else None)
                if share >= 0.06:
                    ax.text(left + share / 2, row, f"{share:.0%}", ha="center", va="center", fontsize=8,
                            color="white")
                left += share
        ax.set_title(f"{title} (n = {len(questions)})")
        ax.set_xlim(0, 1)
        ax.set_xlabel("share of questions")
        ax.set_yticks(range(len(names)), names)
        if not questions:
            ax.text(0.5, (len(names) - 1) / 2, "no questions", ha="center", va="center", color="#555555")
    axes[0].invert_yaxis()  # gold on top; the axes share y, so once inverts both
    axes[0].legend(loc="lower center", bbox_to_anchor=(1.0, -0.45 if len(names) < 5 else -0.3), ncol=3,
                   frameon=False)
    fig.suptitle("Decision mix per system")
    fig.tight_layout()
    fig.savefig(path, dpi=120, bbox_inches="tight")
    plt.close(fig)
    return path


def plot_rates(evaluation: Evaluation, path: Path) -> Path:
    """Grouped bars of FCR (lower is better) and GDR (higher is better) per system."""
    plt = _pyplot()
    names = list(evaluation.runs)
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5), sharey=True)
    width = 0.38
    labelled: set[str] = set()
    for ax, (split, title) in zip(axes, SPLITS):
        for i, name in enumerate(names):
            run = evaluation.runs[name]
            if run.summary is None:
                ax.text(i, 0.02, "not run", ha="center", va="bottom", rotation=90, fontsize=9, color="#555555")
                continue
            if getattr(run.summary, split).n == 0:
                continue
            rates = getattr(run.summary, split).rates
            for offset, key, colour, label in ((-width / 2, "fcr", "#c44e52", "FCR (lower is better)"),
                                               (width / 2, "gdr", "#4c72b0", "GDR (higher is better)")):
                value = rates[key].value
                if value is None:
                    continue
                ax.bar(i + offset, value, width, color=colour, label=None if label in labelled else label)
                labelled.add(label)
                ax.text(i + offset, value + 0.01, f"{value:.3f}", ha="center", va="bottom", fontsize=8)
        ax.set_title(title)
        ax.set_xticks(range(len(names)), names)
        ax.set_ylim(0, 1.1)
        ax.set_ylabel("share of questions")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper right", frameon=False)
    fig.suptitle("False confidence rate and good decision rate per system")
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    fig.savefig(path, dpi=120, bbox_inches="tight")
    plt.close(fig)
    return path


def plot_risk_coverage(evaluation: Evaluation, path: Path) -> Path:
    """GeoRisk's risk-coverage curve: the share of questions answered against the false-confidence rate of
    location-dependent and location-independent questions, a point per relevance threshold, the threshold in
    use marked."""
    plt = _pyplot()
    rows = list(evaluation.curve)
    in_use = evaluation.settings.get("relevance_threshold")
    fig, ax = plt.subplots(figsize=(6.5, 4.5))
    for key, label, colour in (("ld_fcr", "location-dependent FCR", "#c0504d"),
                               ("li_fcr", "location-independent FCR", "#4f81bd")):
        points = [(r["answered"], r[key]) for r in rows if r[key] is not None]
        if points:
            ax.plot([x for x, _ in points], [y for _, y in points], marker="o", markersize=3, label=label, color=colour)
    for r in rows:
        if in_use is not None and abs(r["threshold"] - in_use) < 1e-9 and r["ld_fcr"] is not None:
            ax.scatter([r["answered"]], [r["ld_fcr"]], s=80, facecolors="none", edgecolors="black",
                       label=f"threshold in use ({in_use})")
    ax.set_xlabel("share of questions answered (coverage)")
    ax.set_ylabel("false-confidence rate (risk)")
    ax.set_ylim(bottom=0.0, top=max(0.05, *(r[k] or 0.0 for r in rows for k in ("ld_fcr", "li_fcr"))) * 1.1)
    ax.set_title(f"Risk and coverage as the relevance threshold moves\n{Path(evaluation.benchmark).name}")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
