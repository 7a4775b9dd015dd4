"""``georisk cypher`` (the analysts' named queries, read-only) and ``georisk browser`` (Neo4j Browser's
guide and style). Registered on the main group by ``georisk_graph.cli``."""

from __future__ import annotations

import json

import click

from .cli_common import friendly, settings


# -- cypher --------------------------------------------------------------------------------------
@click.group("cypher", help="The analysts' named queries (cypher/analyst_*.cypher), run read-only.")
def cypher_group() -> None:
    pass


@cypher_group.command("list", help="List the analyst queries with their parameters.")
@click.option("--all", "include_all", is_flag=True, help="Also the other named read queries of cypher/.")
@friendly
def cypher_list(include_all: bool) -> None:
    from . import analyst

    for query in analyst.analyst_queries(include_all):
        params = " ".join(f"[{p.name}]" if p.optional else p.name for p in analyst.params_of(query))
        click.echo(f"{query.name.removeprefix(analyst.PREFIX)}  {params}".rstrip())
        click.echo(f"    {analyst.summary_of(query)}")
    click.echo("\n[name]: optional. Run one: georisk cypher run NAME --param key=value ...")


@cypher_group.command("show", help="Print a query's file, to read it or paste it into Neo4j Browser.")
@click.argument("name")
@friendly
def cypher_show(name: str) -> None:
    from . import analyst

    click.echo(analyst.find(name).listing.rstrip())


@cypher_group.command("run", help="Run a named read query (or a .cypher file) in a read transaction. "
                                  "Values: numbers, true/false, null, JSON lists or ['a', 'b'], else text.")
@click.argument("name")
@click.option("--param", "-p", "pairs", multiple=True, metavar="KEY=VALUE", help="A parameter; repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Rows as a JSON list.")
@click.option("--width", default=60, show_default=True, help="Widest table cell.")
@click.option("--timeout", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop the query when it runs longer (default: GEORISK_QUERY_TIMEOUT, else 120; 0: no limit).")
@friendly
def cypher_run(name: str, pairs: tuple[str, ...], as_json: bool, width: int, timeout: float | None) -> None:
    from . import analyst
    from .graph import Graph

    params = analyst.parse_params(pairs)
    query = analyst.find(name)
    analyst.prepare(query, params)  # refuse a write query before connecting
    chosen = settings() if timeout is None else settings().with_(query_timeout=timeout)
    with Graph(chosen).connect() as graph:
        rows = analyst.run(graph, name, params)
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False, default=str))
    else:
        click.echo(analyst.format_table(rows, max_width=width))


# -- browser -------------------------------------------------------------------------------------
@click.group("browser", help="Neo4j Browser of the local server: the analysts' guide and style sheet.")
def browser_group() -> None:
    pass


@browser_group.command("serve", help="Serve the guide and the style sheet to Neo4j Browser (until Ctrl-C).")
@click.option("--port", type=int, default=None, help="Port on 127.0.0.1 (default: the HTTP port + 2).")
@click.option("--verbose", is_flag=True, help="Log each request.")
@friendly
def browser_serve(port: int | None, verbose: bool) -> None:
    from . import browser

    s = settings()
    server = browser.serve(s, port=port, verbose=verbose)
    chosen = server.server_address[1]
    click.echo(f"guide: {browser.guide_url(s, chosen)}\nstyle: {browser.style_url(s, chosen)}")
    if chosen != browser.guide_port(s):
        click.echo(f"(the local server plays the guide from port {browser.guide_port(s)} on connect; "
                   f"in the Browser run :play {browser.guide_url(s, chosen)})")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


@browser_group.command("open", help="Print the Browser's address and how to reach the guide.")
@friendly
def browser_open() -> None:
    import urllib.request

    from . import browser

    s = settings()
    click.echo(browser.browser_url(s))
    click.echo(f"  connect: bolt://127.0.0.1:{s.bolt_port} as neo4j (password: `georisk neo4j env`)")
    try:
        urllib.request.urlopen(browser.guide_url(s), timeout=2).close()
        click.echo(f"  guide:   {browser.guide_url(s)} (played on connect)")
    except OSError:
        click.echo(f"  guide:   not served; start `georisk browser serve`, then run :play {browser.guide_url(s)}")
