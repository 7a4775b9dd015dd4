"""The fitted models shipped with the package, each a JSON file with the command that refits it
(``georisk fit``): ``relevance.json`` (georisk_graph.relevance). Internal: read through the modules that
use them."""
