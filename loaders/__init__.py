"""What brings data into the graph: the containment DAG and document corpora."""
