"""Benchmarks: the data they run on and the commands behind `georisk bench ...`. Every speed figure is
printed beside a baseline measured in the same run."""
