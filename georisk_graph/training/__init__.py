"""Fitting the models the package ships (georisk_graph/models/), on the labelled question sets of benchmarks/qa and
the stored corpus: ``georisk fit relevance|places|sentences``. Every fitting goes through the client's public steps
(GeoRisk.read, embed, candidates, decided, evidence), so a model is fitted on what the system does; the labelled
sets' parts (fit, calibrate, report) keep the questions a model is fitted on, calibrated on and reported on apart,
and the report part is never read here.

- :mod:`.labels`: the labelled questions and what is on each one's topic;
- :mod:`.fitting`: logistic regression, Platt scaling, a listwise objective, AUC and log-loss;
- :mod:`.relevance`, :mod:`.places`, :mod:`.sentences`, :mod:`.names`, :mod:`.dependence`, :mod:`.answer_types`:
  one command each, on the labelled questions;
- :mod:`.statement_kinds`: the statement-kind model, on labelled sentences of the shared corpus (the corpus read by
  the command and handed in).
"""
