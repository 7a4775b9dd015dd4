"""Hand-written seeds for the place-writing question set (benchmarks/qa/placewriting.jsonl).

Same format as seeds.py (see its docstring): q, place ('state:XX', 'county:Name, XX', 'city:Name, XX',
'node:<id>' or None), docs (<source>:<native id>; empty for a question about an absence), topic, and where short
the answer exactly as the document words it; `check` narrows the topic's keyword pattern where it is too broad.
Four optional fields are new to this set (derive.py reads them):

    written   the style codes below that say how the question writes its place (the first is the main one)
    unplaced  the exact words of the question that name a place no data source holds (no node label, alias or
              GeoNames alternate name): with a state as `place`, the gold can at most warn; with `ld`, the
              list is empty when the question names no place at all
    ld        True for a question that depends on where but names no place the data holds: its gold is to
              ask for the place (abstain, relation "unplaced", no documents), whatever the corpus holds
    language  "es" for a question written in Spanish

Written on 2026-12-06 apart from the answering code: from the shared corpus and the geography DAG (nodes,
edges and their raw inputs) alone, with the gold-label builder (derive.py, geo.py) and the time rules
(temporal.py) read only for their rules, and without running the system. The questions of seeds.py,
seeds_b.py, seeds_c.py and seeds_d.py were not read; only the document ids the existing sets use were listed,
so that documents they do not use could be preferred. Every nickname said to be held was looked up in the
`alt_names_geonames` column of us_geo_nodes.csv.gz, and every one said not to be held was looked up (exactly,
ignoring case) in the label, aliases and alternate names of every node. ZIP codes were checked against the
`zipcodes` PyPI package (its post office city, state and county), never taken from memory alone; a ZIP+4
keeps a checked five-digit ZIP and adds a four-digit suffix.

The set is about how people write places rather than how a gazetteer does; the comment after each seed names
its style codes:

    e1  nicknames and short forms of cities that the GeoNames alternate names hold ("Vegas", "Philly", "OKC",
        "Duke City", "Rip City", "Jackson Hole"), with or without the state; place = the city meant
    e2  nicknames and named regions no data source holds ("Sin City", "Burque", "the Bay Area", "Inland
        Empire"): without a state, `ld` and no place; with their state, place = the state and `unplaced`
    e3  ZIP codes, five digits or ZIP+4, alone or with their city or state; place = the city the ZIP's post
        office names when that city is a node of the DAG in that state, else the ZIP's county
    e4  national parks, monuments, recreation areas and national forests, and named physical regions
        (mountain ranges, deserts, valleys) that are DAG nodes; place = the park's primary county parent in
        us_geo_edges.csv.gz (primary=1, else the largest share); a physical region has only state parents,
        so its place is its primary state; a national forest has no county parent, so it is its own node
        ('node:usfs:...'), which documents whose title names the forest carry in their scope
    e5  county equivalents as locals write them: Louisiana parishes, Alaska boroughs and census areas
        ("Mat-Su", "the Kenai"), Virginia independent cities, "St." against "Saint", consolidated
        city-counties; place = the county-equivalent node
    e6  dictated text: lower case, fillers, no punctuation, place names in lower case, sometimes misheard or
        split ("flag staff", "coeur da lane")
    e7  a story of several sentences naming several places (home, where family lives, a town driven
        through) and asking about one of them; place = the place asked about
    e8  a false premise about a place (a fire put near the wrong city, a town put in the wrong county or
        state); place = the place actually asked about, and the gold follows from it
    e9  Spanish, as Spanish speakers in these states write it, place names in Spanish or English
    e10 a question that depends on where but names no place at all ("is there a burn ban?"); `ld`
    e11 a term that carries a place's name without asking about the place ("Santa Ana winds", "Red Flag
        Warning", the Pacific Crest Trail, a fire named after a town in another state): location-independent
        when the corpus explains the term, or located where the fire really burned

Seeds are written in blocks by style and put in one order by a hash of the question text, so that
neighbouring ids (and the three parts by id number mod 3) mix styles, places and decisions. The gold relation
and decision are not written here: derive.py computes them.

    python benchmarks/qa/fresh/derive.py --seeds seeds_e --prefix W --out benchmarks/qa/placewriting.jsonl
"""

import hashlib

from seeds import (  # noqa: F401  (the shared format and topic names)
    S, BURN, RESTR, EVAC, ACRES, CONT, CAUSE, START, AGENCY, RX, RFW, DS, PEN, WUI, WARDEN, DRONES,
    STRUCT, RECOVERY, OTHER,
)

CLOSURES = "closures"


def E(q, place, docs, topic, answer=None, check=None, *, written, unplaced=None, ld=None, language=None):
    """A seed (seeds.S) with the fields of this set: `written` as "e1" or "e7,e1"."""
    seed = S(q, place, docs, topic, answer, check)
    seed["written"] = written.split(",")
    if unplaced is not None:
        seed["unplaced"] = list(unplaced)
    if ld:
        seed["ld"] = True
    if language:
        seed["language"] = language
    return seed


def IW(n):
    return f"inciweb:{n}"


def IWS(n):
    return f"inciweb_summary:{n}"


def ST(n):
    return f"statute:stat-{n}"


def CAL(n):
    return f"calfire:{n}"


# ---------------------------------------------------------------------------- e1 nicknames the data holds
NICKNAMES = [
    E("How did the Spread Creek Fire up by Jackson Hole get started?",
      "city:Jackson, WY", IW(327802), CAUSE, "lightning-caused", written="e1"),  # e1
    E("Where is the Horseshoe prescribed burn in relation to FLG? Smoke is drifting over our neighborhood.",
      "city:Flagstaff, AZ", IW(317151), RX, "14 miles northwest of Flagstaff", written="e1"),  # e1
    E("Does the power company that serves Vegas have to file a wildfire plan with the state of Nevada?",
      "city:Las Vegas, NV", ST("NV-189"), WUI, written="e1"),  # e1
    E("Can the state commission in Pennsylvania let someone put up a forest fire lookout tower on its land? "
      "Asking from Philly.",
      "city:Philadelphia, PA", ST("PA-302"), WARDEN, "forest fire observation towers", written="e1"),  # e1
    E("OKC: can the state shut down outdoor burning and fireworks when it gets really dry?",
      "city:Oklahoma City, OK", ST("OK-296"), BURN, None, [r"Burning prohibitions"], written="e1"),  # e1
    E("I'm in the Windy City. What's the penalty in Illinois for kindling an open-air fire in an intensive fire "
      "protection district without a permit?",
      "city:Chicago, IL", ST("IL-117"), PEN, "Class B misdemeanor", written="e1"),  # e1
    E("How many acres did the 2018 Portola Fire off Benedict Canyon burn in L.A.?",
      "city:Los Angeles, CA", CAL("7307857b-b127-4b3a-bf11-ee19d07e0736"), ACRES, "20", written="e1"),  # e1
    E("Big Easy burn ban: who gets to issue one under Louisiana law?",
      "city:New Orleans, LA", ST("LA-136"), BURN, written="e1"),  # e1
    E("If the county around KCMO declares a burn ban, can stores still sell fireworks?",
      "city:Kansas City, MO", ST("MO-143"), BURN, "shall not be affected by the issuance of a burn ban",
      written="e1"),  # e1
    E("Someone flicked a lit cigarette out of their truck on I-95 in JAX. What kind of crime is that in Florida?",
      "city:Jacksonville, FL", ST("FL-55"), PEN, "misdemeanor of the first degree", written="e1"),  # e1
    E("Is there an outdoor burn ban in ATL this week?",
      "city:Atlanta, GA", [], BURN, written="e1"),  # e1
    E("Who do I call for a burn permit in the Motor City?",
      "city:Detroit, MI", [], BURN, written="e1"),  # e1
    E("Red flag warning for the Big Apple today?",
      "city:New York City, NY", [], RFW, written="e1"),  # e1
    E("Does anyone in Hub City, Mississippi have to be registered before they can call themselves a forester?",
      "city:Hattiesburg, MS", ST("MS-142"), WARDEN, "shall be registered by the board", written="e1"),  # e1
    E("Queen City, VT: do I need a permit for open burning?",
      "city:Burlington, VT", ST("VT-372"), BURN, written="e1"),  # e1
    E("Druid City resident here. How much does Alabama put into its emergency forest fire fund every year?",
      "city:Tuscaloosa, AL", ST("AL-2"), WARDEN, "two hundred fifty thousand dollars ($250,000)",
      written="e1"),  # e1
    E("During a fire danger period, can the forestry managers stop people from camping in the forest reserves "
      "around the Big Pineapple?",
      "city:Urban Honolulu, HI", ST("HI-66"), RESTR, "Prohibit camping in certain areas",
      [r"fire danger period"], written="e1"),  # e1
    E("Which agency in Hawaii is supposed to prevent and put out wildland fires in the forest reserves above "
      "K-Town?",
      "city:Kaneohe, HI", ST("HI-63"), WARDEN, "The department shall take measures for the prevention, control, "
      "and extinguishment of wildland fires", [r"extinguishment of wildland fires"], written="e1"),  # e1
    E("Sweet Pea City here. When did the West Fork Fire near West Yellowstone start?",
      "city:Bozeman, MT", IW(325460), START, "8/19/2025", written="e1"),  # e1
    E("When was the Hilger Valley Fire north of Last Chance Gulch discovered?",
      "city:Helena, MT", IW(323520), START, "Monday, June 9 at 2:10 p.m.", written="e1"),  # e1
    E("Electric City, Montana: what started the Balsinger Fire?",
      "city:Great Falls, MT", IWS(7624), CAUSE, "lightning-caused", written="e1"),  # e1
    E("What set off the Ridge Fire southeast of Hungry Horse? We could see the smoke from Stump Town.",
      "city:Whitefish, MT", IW(313962), CAUSE, "dry lightning event", written="e1"),  # e1
    E("Are there any fire restrictions in Smelter City, Montana this summer?",
      "city:Anaconda-Deer Lodge County, MT", [], RESTR, written="e1"),  # e1
    E("Donkey Town, Wyoming: who took back command of the Short Draw Fire when the DNRC team left?",
      "city:Gillette, WY", IW(321503), AGENCY, "Powder River County and Campbell County", written="e1"),  # e1
    E("Which fire mobilization region is Steptoe City, Washington in?",
      "city:Walla Walla, WA", ST("WA-441"), WARDEN, "Southeast region", [r"regional fire defense board"],
      written="e1"),  # e1
    E("Rip City resident. When was the Austin Fire on the Clackamas River Ranger District reported?",
      "city:Portland, OR", IW(330447), START, "Sunday, August 9, 2026", written="e1"),  # e1
    E("Which team is managing the Austin Fire? Smoke has been hanging over PDX all week.",
      "city:Portland, OR", IW(330447), AGENCY, "Southern Area Blue Incident Management Team", written="e1"),  # e1
    E("Colorado Spgs question: is intentionally setting a wildfire its own crime in Colorado?",
      "city:Colorado Springs, CO", ST("CO-9"), PEN, None, [r"Intentionally setting wildfire"],
      written="e1"),  # e1
    E("okla city rancher here. does oklahoma have a law on prescribed burns",
      "city:Oklahoma City, OK", ST("OK-297"), RX, written="e1,e6"),  # e1,e6
    E("Is there an open burning ban in Indpls right now?",
      "city:Indianapolis, IN", [], BURN, written="e1"),  # e1
    E("How big was the Estrada Fire outside Apple City, California?",
      "city:Watsonville, CA", CAL("5f34e7bc-b627-4baf-9e6e-ded2eec3c77a"), ACRES, "148.0", written="e1"),  # e1
    E("When did the Nimshew Fire start up in Dog Town, California?",
      "city:Magalia, CA", CAL("9856efb8-4d41-4276-9d4e-a5b29d912996"), START, "September 24, 2018",
      written="e1"),  # e1
    E("Hoover City, Nevada: does the state do public-private partnerships against catastrophic wildfire?",
      "city:Boulder City, NV", ST("NV-187"), WARDEN, None, [r"catastrophic wildfires"], written="e1"),  # e1
    E("Rag Town NM folks are asking: is the Line Fire contained yet?",
      "city:Tucumcari, NM", IW(327810), CONT, "100% contained", written="e1"),  # e1
    E("Is there a closure for the Trough Springs Fire in the Spring Mountains outside Vegas?",
      "city:Las Vegas, NV", IW(313492), CLOSURES, "emergency area closure", written="e1"),  # e1
    E("When was the 2017 Skirball Fire by the 405 in L.A. contained?",
      "city:Los Angeles, CA", CAL("2aad53ef-d6c3-43dc-92e6-b2f9881ff161"), CONT, "December 15, 2017",
      written="e1"),  # e1
    E("Duke City resident: under New Mexico's Forest and Watershed Restoration Act, what counts as a project?",
      "city:Albuquerque, NM", ST("NM-266"), RX, "large-scale forest and watershed restoration project",
      [r"watershed restoration project"], written="e1"),  # e1
    E("We moved from Boise to PDX last year and we hike on Mt. Hood a lot. My sister in Salem asked about the "
      "Sandstone Fire. When did lightning start it?",
      "city:Portland, OR", IW(319620), START, "Monday, August 5", written="e1,e7"),  # e1,e7
    E("okc here is there a state law about controlled burning for fire training",
      "city:Oklahoma City, OK", ST("OK-298"), BURN, written="e1,e6"),  # e1,e6
    E("NOLA question: is Louisiana in the South Central forest fire compact?",
      "city:New Orleans, LA", ST("LA-135"), WARDEN, "South Central Interstate Forest Fire Protection Compact",
      written="e1"),  # e1
    E("windy city here can the state make you get a burning permit when theres a forest fire hazard",
      "city:Chicago, IL", ST("IL-111"), BURN, "without first having obtained a burning permit", written="e1,e6"),  # e1,e6
    E("Hog Town, Florida: what's a certified pile burner?",
      "city:Gainesville, FL", ST("FL-56"), BURN, "successfully completes the pile burning certification program",
      written="e1"),  # e1
    E("How many acres did the 2018 Rincon Fire north of Surf City, California burn?",
      "city:Santa Cruz, CA", CAL("7d1f523d-6940-4b64-bc5a-7ecb5a63538a"), ACRES, "17", written="e1"),  # e1
    E("Poinsettia City resident here: when did the 2019 Easy Fire in Simi Valley start?",
      "city:San Buenaventura (Ventura), CA", CAL("00e6d6d5-f168-45fa-817a-f7758a5170b7"), START,
      "October 30, 2019", written="e1"),  # e1
    E("Doo-Dah, Kansas: does the state have a forest fire prevention law?",
      "city:Wichita, KS", ST("KS-129"), WARDEN, written="e1"),  # e1
    E("Phila. resident: can the commission grant rights for forest fire observation towers on its land?",
      "city:Philadelphia, PA", ST("PA-303"), WARDEN, "forest fire observation towers", written="e1"),  # e1
    E("How many acres has the Wildcat Fire near Bartlett Lake burned? We're watching from PHX.",
      "city:Phoenix, AZ", IW(317296), ACRES, "14,402 acres", written="e1"),  # e1
    E("In ABQ. What kind of offense is a public nuisance under New Mexico law?",
      "city:Albuquerque, NM", ST("NM-235"), PEN, "petty misdemeanor", written="e1"),  # e1
    E("Who can prosecute wildland fire violations in SLC under Utah law?",
      "city:Salt Lake City, UT", ST("UT-367"), PEN, written="e1"),  # e1
    E("How many acres did the Chestnut Fire on San Bruno Mountain burn, just south of SF?",
      "city:San Francisco, CA", CAL("b30ee931-f349-4d21-a38a-d346c516b104"), ACRES, "41", written="e1"),  # e1
    E("Is the Pincer Two Fire by Johannesburg Mountain human-caused? I live in Magic City, WA.",
      "city:Anacortes, WA", IW(318456), CAUSE, "lightning caused", written="e1"),  # e1
    E("When was the Sugarloaf Fire outside Gem City, Wyoming declared contained?",
      "city:Laramie, WY", IWS(8279), CONT, "August 17", written="e1"),  # e1
]

# ---------------------------------------------------------------------------- e3 ZIP codes
ZIPS = [
    E("How big did the Lone Rock Fire get? Our ZIP is 97754.",
      "city:Prineville, OR", IW(318247), ACRES, "more than 130,000 acres", written="e3"),  # e3
    E("83638 - what caused the Rush Fire in the Frank Church?",
      "city:McCall, ID", IW(324011), CAUSE, "lightning-caused", written="e3"),  # e3
    E("How big is the Chelan Hills fire and how much of it is contained? I live in 98816.",
      "city:Chelan, WA", IW(328551), CONT, "75% containment", written="e3"),  # e3
    E("How far from town is the campground the BLM closed for the Cottonwood Peak fire? Writing from Elko, 89801.",
      "city:Elko, NV", IW(325291), CLOSURES, "83 miles northwest of Elko", written="e3"),  # e3
    E("Where did the Dutch Flat Fire start? We're in 89445.",
      "city:Winnemucca, NV", IW(328531), START, "started on private land", written="e3"),  # e3
    E("89830: how far from town is the Hot Canyon fire burning?",
      "city:Montello, NV", IW(323925), START, "10 miles NW of Montello", [r"Hot Canyon"], written="e3"),  # e3
    E("Zip 59840. Are there any closures for the Observation Point Fire in Lost Horse Canyon?",
      "city:Hamilton, MT", IW(324551), CLOSURES, "no closures in effect", written="e3"),  # e3
    E("What started the Salmon Fire in the Tri-Forest area? Asking from 97845.",
      "city:John Day, OR", IW(328626), CAUSE, "A lightning storm", written="e3"),  # e3
    E("97720-1008: when was the Second Flat Fire discovered?",
      "city:Burns, OR", IW(329195), START, "the afternoon of July 24, 2026", written="e3"),  # e3
    E("Who is managing the Jackass Butte Fire? Our mailing address is Drewsey, OR 97904.",
      "county:Harney, OR", IW(329196), AGENCY, "Southern Area Team 2", written="e3"),  # e3
    E("Is the Goosmus Fire contained? ZIP 99166.",
      "city:Republic, WA", IW(322039), CONT, "100% Contained", written="e3"),  # e3
    E("When was the Snow Peak fire reported? I get mail at 99166-0412.",
      "city:Republic, WA", IW(326094), START, "September 1, 2025", written="e3"),  # e3
    E("Is the Moose Mountain fire closing any roads near 83544?",
      "city:Orofino, ID", IW(329615), CLOSURES, "Forest Road #250", written="e3"),  # e3
    E("Which roads were under evacuation for the House Draw Fire? Buffalo, WY 82834",
      "city:Buffalo, WY", IW(320561), EVAC, "Buffalo Sussex Cutoff", written="e3"),  # e3
    E("81147 - what caused the Snow Ranch Fire west of town?",
      "city:Pagosa Springs, CO", IW(317518), CAUSE, "caused by lightning", written="e3"),  # e3
    E("Is there a forest closure for the Crosho Fire? We're in 80487.",
      "city:Steamboat Springs, CO", IW(325134), CLOSURES, "A Forest area closure is in place", written="e3"),  # e3
    E("81235-0133: how contained is the Elk Fire north of town?",
      "city:Lake City, CO", IW(328671), CONT, "0% containment", written="e3"),  # e3
    E("Have the Watch Fire evacuations been lifted? I'm at 85546.",
      "city:Safford, AZ", IW(318029), EVAC, "All Evacuations have been lifted", written="e3"),  # e3
    E("86403 resident: was the Havasu Fire a prescribed burn that got away?",
      "city:Lake Havasu City, AZ", IW(327323), RX, "escaped prescribed fire", written="e3"),  # e3
    E("55731. When was the Camp Fire north of town reported?",
      "city:Ely, MN", IW(328570), START, "the afternoon of July 7, 2026", written="e3"),  # e3
    E("How contained is the Stewart Trail Fire? We're in 55616.",
      "city:Two Harbors, MN", IW(327828), CONT, "100% contained", written="e3"),  # e3
    E("Orange, TX 77630: when did the Pea Farm Fire start?",
      "city:Orange, TX", IW(327403), START, "the afternoon of February 28, 2026", written="e3"),  # e3
    E("Who's in command of the Marsh Field Fire? I'm in 77575.",
      "city:Liberty, TX", IW(327527), AGENCY, "joint command between Texas A&M Forest Service and local "
      "firefighters", written="e3"),  # e3
    E("99701: are the READY evacuations still on for the Himalaya Road and Aggie Creek fires?",
      "city:Fairbanks, AK", IW(323674), EVAC, "Level 1 \"READY\" evacuations remain in effect",
      written="e3"),  # e3
    E("Which BLM office manages the land the Tuledad Fire is burning? Susanville 96130.",
      "city:Susanville, CA", IW(322335), AGENCY, "BLM Eagle Lake Field Office", written="e3"),  # e3
    E("95971 here. What started the Gold Complex?",
      "city:Quincy, CA", IW(318699), CAUSE, "lightning", written="e3"),  # e3
    E("Is the Helena Fire out yet? Weaverville, CA 96093",
      "city:Weaverville, CA", IW(323812), CONT, "fully contained", written="e3"),  # e3
    E("When did the Red Bridge Road Fire start? I live in 98926.",
      "city:Ellensburg, WA", IW(323521), START, "June 9, 2025 at approximately 3:57 PM", written="e3"),  # e3
    E("99347: who took the Lower Granite Fire back?",
      "city:Pomeroy, WA", IW(319117), AGENCY, "Garfield County Fire District 1", written="e3"),  # e3
    E("Which team took over the Lyons Ferry fire? We're in 99301.",
      "city:Pasco, WA", IW(328812), AGENCY, "Southeast Washington Incident Management - Team 3",
      written="e3"),  # e3
    E("59923 - when was the Ransome Fire detected?",
      "city:Libby, MT", IW(325692), START, "August 21, 2025", written="e3"),  # e3
    E("How many fires did the August 31 lightning storm start on the Kootenai? I'm in 59859.",
      "city:Plains, MT", IW(326284), CAUSE, "31 fires", written="e3"),  # e3
    E("Stanley, ID 83278-0050: when did the Bench Lake Fire start?",
      "city:Stanley, ID", IW(318110), START, "Thursday, July 11, 2024", written="e3"),  # e3
    E("83467: what started the Nugget Fire west of town?",
      "city:Salmon, ID", IW(322058), CAUSE, "started by lightning", written="e3"),  # e3
    E("When did the Paradise Fire north of Quemado Lake get reported? ZIP 87830.",
      "city:Reserve, NM", IW(323459), START, "May 26 at 7:00 p.m.", written="e3"),  # e3
    E("Our post office box is in Warren, ID 83671. How many acres is the Big Bear Fire now?",
      "county:Idaho, ID", IW(323990), ACRES, "approximately 16,220 acres", written="e3"),  # e3
    E("Which team took over the Red Bridge Road fire on June 13? Zip is 98926-3011",
      "city:Ellensburg, WA", IW(323521), AGENCY, "local Type 4 team managed by Department of Natural Resources",
      written="e3"),  # e3
]

# ---------------------------------------------------------------------------- e4 parks, forests and physical regions
PARKS = [
    E("When did the Dragon Bravo Fire start on the North Rim of Grand Canyon National Park?",
      "county:Coconino, AZ", IW(323920), START, "July 4, 2025", written="e4"),  # e4
    E("How big did the Quartz Fire in Glacier National Park get?",
      "county:Flathead, MT", IW(310577), ACRES, "over 1900 acres", written="e4"),  # e4
    E("We're headed to Glacier NP next month. When was the Muir Creek Fire near Mount Saint Nicholas reported?",
      "county:Flathead, MT", IW(318736), START, "the evening of Tuesday, July 23rd", written="e4"),  # e4
    E("What caused the Coffee Pot Fire in Sequoia National Park?",
      "county:Tulare, CA", IW(320085), CAUSE, "Lightning", written="e4"),  # e4
    E("Which trail in Kings Canyon National Park is closed because of the Happy Fire?",
      "county:Fresno, CA", IW(321440), CLOSURES, "Hotel Creek Trail", written="e4"),  # e4
    E("Is Crater Lake National Park open? I heard about closures from the Middle Fork Fire.",
      "county:Klamath, OR", IW(318847), CLOSURES, "three fire-related trail closures", written="e4"),  # e4
    E("When was the Grand Park 2 Fire in Mount Rainier National Park reported?",
      "county:Pierce, WA", IW(330110), START, "Aug. 7", written="e4"),  # e4
    E("How contained is the Mt. Tom Creek Fire in Olympic National Park? We have a Hoh campsite booked.",
      "county:Jefferson, WA", IW(328205), CONT, "27% contained", written="e4"),  # e4
    E("What caused the Ruby Fire in North Cascades NP?",
      "county:Whatcom, WA", IW(319946), CAUSE, "caused by lightning", written="e4"),  # e4
    E("Which team took command of the Luna Fire in the North Cascades National Park Service Complex on August 17?",
      "county:Whatcom, WA", IW(329096), AGENCY, "Southern Area GRAY Team-1", written="e4"),  # e4
    E("When was the Perry Fire west of Ross Lake reported? Ross Lake National Recreation Area is our trip.",
      "county:Whatcom, WA", IW(326144), START, "August 27", written="e4"),  # e4
    E("Was the Pioneer Fire on the east side of Lake Chelan National Recreation Area started by people?",
      "county:Chelan, WA", IW(317502), CAUSE, "suspected to have been human-caused", written="e4"),  # e4
    E("How big was the Mill Creek Fire in Great Basin National Park?",
      "county:White Pine, NV", IW(318299), ACRES, "0.1 acre", written="e4"),  # e4
    E("What caused the Rocky Branch Fire that burned into Shenandoah National Park?",
      "county:Page, VA", IW(317080), CAUSE, "undetermined", written="e4"),  # e4
    E("Who was ordered to evacuate during the Riley Fire at the Denali National Park entrance?",
      "county:Denali, AK", IW(317811), EVAC, "Denali National Park and partner employees", written="e4"),  # e4
    E("When did park staff find the Encerrita Fire on El Malpais National Monument?",
      "county:Cibola, NM", IW(317579), START, "the afternoon of Saturday, June 15", written="e4"),  # e4
    E("Is the Stanford Fire in the Chiricahua Wilderness threatening any homes? We're near Chiricahua National "
      "Monument.",
      "county:Cochise, AZ", IW(327244), STRUCT, "not threatening any structures", written="e4"),  # e4
    E("Are any trails closed near Grand Teton National Park because of the Kinky Creek Fire?",
      "county:Teton, WY", IW(328170), CLOSURES, "trail closure order", written="e4"),  # e4
    E("How big is the Trail Ridge Fire northwest of Big Hole National Battlefield?",
      "county:Beaverhead, MT", IW(310603), ACRES, "18,138 acres", written="e4"),  # e4
    E("Is there a closure order for the Babylon Fire southwest of Canyonlands National Park?",
      "county:San Juan, UT", IW(328260), CLOSURES, "Babylon Fire Closure Order", written="e4"),  # e4
    E("When was the National Fire in Big Cypress National Preserve discovered?",
      "county:Collier, FL", IW(327388), START, "late on Sunday, February 22", written="e4"),  # e4
    E("Yosemite trip question: what started the Middle Fire north of Tioga Road?",
      "county:Tuolumne, CA", IW(319575), CAUSE, "Lightning fire", written="e4"),  # e4
    E("Were any buildings lost in the Santa Rosa Island Fire at Channel Islands National Park?",
      "county:Santa Barbara, CA", IW(327838), STRUCT, "confirmed destroyed", written="e4"),  # e4
    E("How many acres did the Bridge Fire by Point Reyes Station burn? We camp at Point Reyes National Seashore "
      "every August.",
      "county:Marin, CA", CAL("49232e73-c3ba-4dc3-b673-b973a918fa7c"), ACRES, "45", written="e4"),  # e4
    E("Whiskeytown NRA is our backyard. How big was the 2021 Rock Fire east of there?",
      "county:Shasta, CA", CAL("2b42f885-f296-4659-98e0-c33585215fa9"), ACRES, "108.0", written="e4"),  # e4
    E("What caused the Bear Fire in the Tahoe National Forest?",
      "node:usfs:tahoe_national_forest", IW(320979), CAUSE, "undetermined and under investigation",
      written="e4"),  # e4
    E("Is there a forest order closing areas of the Tahoe National Forest for the Bear Fire?",
      "node:usfs:tahoe_national_forest", IW(320979), CLOSURES, "Forest Order No. 17-24-20", written="e4"),  # e4
    E("How many wildfires did the early July 2025 storms start on the Klamath National Forest?",
      "node:usfs:klamath_national_forest", IW(323759), CAUSE, "17 wildfires", written="e4"),  # e4
    E("Where is the closure order for the Blue Fire on the Klamath National Forest posted?",
      "node:usfs:klamath_national_forest", IW(325926), CLOSURES, "blue-fire-closure-order", written="e4"),  # e4
    E("How far past the Black Hills fire district boundary does South Dakota's fireworks ban reach?",
      "state:SD", ST("SD-344"), BURN, "three hundred feet beyond the exterior boundaries",
      [r"consumer fireworks"], written="e4"),  # e4
    E("What's the penalty for shooting exploding targets in the Black Hills?",
      "state:SD", ST("SD-342"), PEN, "Class 2 misdemeanor", written="e4"),  # e4
    E("Who can give me a permit for an open fire in the Black Hills?",
      "state:SD", ST("SD-340"), BURN, "Any United States forest service supervisor or the secretary of public "
      "safety", written="e4"),  # e4
    E("Is the Dane Fire up on the Mogollon Rim contained?",
      "state:AZ", IW(327720), CONT, "fully contained", written="e4"),  # e4
    E("When did the Yellow Lake Fire start in the Wasatch Range?",
      "state:UT", IW(322139), START, "Sept 28, 2024", written="e4"),  # e4
    E("Hiking the Wasatch Range this summer: does Utah have a law about flying drones near wildland fires?",
      "state:UT", ST("UT-367"), DRONES, None, [r"unmanned aircraft"], written="e4"),  # e4
    E("When was the Barber Fire near Imlay reported? We drive past it on the way to the Black Rock Desert.",
      "state:NV", IW(323806), START, "evening of July 3rd", written="e4,e7"),  # e4,e7
    E("We live on the Front Range. Does Colorado have a program of wildland fire prevention and mitigation "
      "educators?",
      "state:CO", ST("CO-11"), WARDEN, None, [r"MITIGATION EDUCATORS"], written="e4"),  # e4
    E("How many acres did the 2016 Marshes Fire in the Sierra Nevada foothills burn?",
      "state:CA", CAL("3a4871dc-2299-4934-8a31-b92780fe31a3"), ACRES, "1,080 acres", written="e4"),  # e4
    E("How many acres did the Wildcat Fire in the Sonoran Desert burn?",
      "state:AZ", IW(317296), ACRES, "14,402 acres", written="e4"),  # e4
    E("Hunting in the Salmon River Mountains this fall: which drainages should we stay out of because of the "
      "Nugget Fire?",
      "state:ID", IW(322058), CLOSURES, "Nugget and Cradle Creek drainages", [r"do not enter"],
      written="e4"),  # e4
]

# ---------------------------------------------------------------------------- e5 county equivalents as locals write them
COUNTY_EQUIVALENTS = [
    E("Is there a burn ban in Rapides Parish, and who can declare one under Louisiana law?",
      "county:Rapides Parish, LA", ST("LA-136"), BURN, written="e5"),  # e5
    E("Tangipahoa: do you have to be a certified burn manager to do a prescribed burn on your own place?",
      "county:Tangipahoa, LA", ST("LA-133"), RX, written="e5"),  # e5
    E("We're in Saint Tammany Parish. Does Louisiana have a law that authorizes prescribed burning?",
      "county:Saint Tammany Parish, LA", ST("LA-132"), RX, written="e5"),  # e5
    E("Calcasieu Parish volunteer fire department here: is there a state law on volunteer wildfire fighters?",
      "county:Calcasieu, LA", ST("LA-134"), WARDEN, None, [r"Volunteer forest fire"], written="e5"),  # e5
    E("Natchitoches Parish: is Louisiana part of an interstate forest fire compact?",
      "county:Natchitoches, LA", ST("LA-135"), WARDEN, "South Central Interstate Forest Fire Protection Compact",
      written="e5"),  # e5
    E("Do I need a burn permit in the Mat-Su right now?",
      "county:Matanuska-Susitna, AK", [], BURN, written="e5"),  # e5
    E("Any wildfires burning on the Kenai Peninsula Borough this week?",
      "county:Kenai Peninsula Borough, AK", [], CONT, None, [r"Kenai"], written="e5"),  # e5
    E("What started the McDonald Fire in the Fairbanks North Star Borough?",
      "county:Fairbanks North Star Borough, AK", IW(317603), CAUSE, "lightning-caused", written="e5"),  # e5
    E("FNSB: how contained is the Aggie Creek Fire?",
      "county:Fairbanks North Star Borough, AK", IW(323675), CONT, "5% contained", written="e5"),  # e5
    E("Who took command of the Nenana Ridge Complex in the borough on July 7th?",
      "county:Fairbanks North Star Borough, AK", IW(323690), AGENCY,
      "Alaska Complex Incident Management Team 2", written="e5"),  # e5
    E("Yukon-Koyukuk Census Area: who's handling the Clear Fire now?",
      "county:Yukon-Koyukuk Census Area, AK", IWS(8178), AGENCY, "transitioned to the home unit",
      written="e5"),  # e5
    E("When was the Lime Complex start logged? It's out in the Bethel Census Area.",
      "county:Bethel Census Area, AK", IWS(8173), START, "June 14, 2022 at 8:00 PM", written="e5"),  # e5
    E("When did the East Fork Fire start in the Kusilvak Census Area?",
      "county:Kusilvak Census Area, AK", IWS(8148), START, "May 31", written="e5"),  # e5
    E("When did the Denali Borough issue evacuation orders for the Bear Creek Fire?",
      "county:Denali, AK", IW(323700), EVAC, "June 22", written="e5"),  # e5
    E("Is there a burn permit requirement in the City and Borough of Juneau?",
      "county:Juneau City and Borough, AK", [], BURN, written="e5"),  # e5
    E("I live in the city of Suffolk, not a county. Do Virginia's forest fire laws even apply to forest land "
      "inside an independent city?",
      "county:Suffolk city, VA", ST("VA-377"), WARDEN, "such articles shall also apply to forestlands lying "
      "within cities", written="e5"),  # e5
    E("Roanoke City (not Roanoke County): when the Governor declares a serious fire hazard, how close to the "
      "woods can I burn?",
      "county:Roanoke city, VA", ST("VA-395"), BURN, "300 feet", written="e5"),  # e5
    E("City of Chesapeake: what's the penalty for open burning during a proclaimed fire hazard?",
      "county:Chesapeake city, VA", ST("VA-395"), PEN, "Class 3 misdemeanor", written="e5"),  # e5
    E("Lynchburg city: can a forest warden make me help fight a forest fire?",
      "county:Lynchburg city, VA", ST("VA-382"), WARDEN, "able-bodied persons between eighteen and fifty years "
      "of age", written="e5"),  # e5
    E("Virginia Beach: is there a reward for tips on forest fire arsonists, and how much?",
      "county:Virginia Beach city, VA", ST("VA-381"), PEN, "$2,000 paid to any one person", [r"arsonists"],
      written="e5"),  # e5
    E("Winchester is an independent city. How much per acre does a city pay the State Forester for forest fire "
      "protection under contract?",
      "county:Winchester city, VA", ST("VA-376"), WARDEN, "nine cents per acre", written="e5"),  # e5
    E("When was the Loon Fire in Saint Louis County, Minnesota detected?",
      "county:Saint Louis, MN", IW(327985), START, "June 6, 2026", written="e5"),  # e5
    E("What caused the Thumb Fire up in St Louis Co?",
      "county:St. Louis, MN", IW(328574), CAUSE, "lightning strike", written="e5"),  # e5
    E("Ste. Genevieve County: can the county commission ban skyrockets during a burn ban?",
      "county:Ste. Genevieve, MO", ST("MO-143"), BURN, "missile or skyrocket", written="e5"),  # e5
    E("Saint Charles County, Missouri: what penalty can a county burn ban carry?",
      "county:Saint Charles, MO", ST("MO-143"), PEN, "class A misdemeanor", written="e5"),  # e5
    E("Saint Francois County landowner: who approves the prescribed burn certification program in Missouri?",
      "county:Saint Francois, MO", ST("MO-148"), RX, "Missouri department of conservation", written="e5"),  # e5
    E("St. Landry Parish: who can issue a burn ban in Louisiana?",
      "county:Saint Landry Parish, LA", ST("LA-136"), BURN, written="e5"),  # e5
    E("Is Butte-Silver Bow under fire restrictions because of the Long Tom Fire?",
      "county:Silver Bow, MT", IW(321299), RESTR, "Stage 1 fire restrictions", written="e5"),  # e5
    E("Carson City is a consolidated municipality. Can it sue to recover what it spent putting out a wildfire?",
      "county:Carson City, NV", ST("NV-185"), PEN, None, [r"recover expenses"], written="e5"),  # e5
    E("City and County of Denver: does Colorado have a wildland fire planning law?",
      "county:Denver, CO", ST("CO-12"), WARDEN, None, [r"WILDLAND FIRE PLANNING"], written="e5"),  # e5
    E("City and County of Honolulu: who issues burning permits for land next to the forest reserves?",
      "county:Honolulu, HI", ST("HI-66"), BURN, "issuance and management of burning permits", written="e5"),  # e5
    E("City and County of Broomfield: is intentionally setting a wildfire its own crime in Colorado?",
      "county:Broomfield, CO", ST("CO-9"), PEN, None, [r"Intentionally setting wildfire"], written="e5"),  # e5
    E("Nashville-Davidson: how does Tennessee define forest products?",
      "county:Davidson, TN", ST("TN-365"), WARDEN, None, [r"Forest products"], written="e5"),  # e5
    E("Louisville Metro: do we need a permit to burn brush?",
      "county:Jefferson, KY", [], BURN, written="e5"),  # e5
    E("Athens-Clarke County burn ban this fall?",
      "county:Clarke, GA", [], BURN, written="e5"),  # e5
    E("St. Croix County, Wisconsin: how does state law define a forest fire?",
      "county:St. Croix, WI", ST("WI-549"), WARDEN, "uncontrolled, wild, or running fires", written="e5"),  # e5
    E("Jacksonville-Duval: can you get fined for letting a permitted burn escape?",
      "county:Duval, FL", ST("FL-57"), PEN, "$150", written="e5"),  # e5
]

# ---------------------------------------------------------------------------- e2 nicknames and regions no data holds
UNHELD = [
    # without a state: the question depends on where, and names no place the data holds
    E("Is there a burn ban in Sin City right now?", None, [], BURN, written="e2", unplaced=["Sin City"],
      ld=True),  # e2
    E("are fireworks legal in burque this year", None, [], BURN, written="e2,e6", unplaced=["burque"],
      ld=True),  # e2,e6
    E("Any fire restrictions in Zootown this weekend? Planning a campfire up the Rattlesnake.", None, [], RESTR,
      written="e2", unplaced=["Zootown"], ld=True),  # e2
    E("Do I need a permit to burn yard waste in Sactown?", None, [], BURN, written="e2", unplaced=["Sactown"],
      ld=True),  # e2
    E("Is the smoke over the Old Pueblo from a prescribed burn or a wildfire?", None, [], RX, written="e2",
      unplaced=["the Old Pueblo"], ld=True),  # e2
    E("Are there any evacuation orders anywhere near the Emerald City?", None, [], EVAC, written="e2",
      unplaced=["the Emerald City"], ld=True),  # e2
    E("FoCo folks: are we under stage 2 fire restrictions yet?", None, [], RESTR, written="e2",
      unplaced=["FoCo"], ld=True),  # e2
    E("Red flag warning for the Couve today?", None, [], RFW, written="e2", unplaced=["the Couve"],
      ld=True),  # e2
    E("What's the fine for starting a wildfire by accident in CDA?", None, [], PEN, written="e2",
      unplaced=["CDA"], ld=True),  # e2
    E("Is today a burn day or a no-burn day in Bako?", None, [], BURN, written="e2", unplaced=["Bako"],
      ld=True),  # e2
    E("Are campfires allowed in the mountains around the City Different this month?", None, [], RESTR,
      written="e2", unplaced=["the City Different"], ld=True),  # e2
    E("Lilac City homeowner: how much defensible space do I need around the house?", None, [], DS,
      written="e2", unplaced=["Lilac City"], ld=True),  # e2
    E("Is anyone being evacuated for the fire near Bozangeles?", None, [], EVAC, written="e2",
      unplaced=["Bozangeles"], ld=True),  # e2
    E("H-Town burn ban, yes or no?", None, [], BURN, written="e2", unplaced=["H-Town"], ld=True),  # e2
    E("Can I shoot off fireworks in ATX on the Fourth if it's this dry?", None, [], BURN, written="e2",
      unplaced=["ATX"], ld=True),  # e2
    E("What are the outdoor burning rules in Big D?", None, [], BURN, written="e2", unplaced=["Big D"],
      ld=True),  # e2
    E("Is Flag in stage 1 fire restrictions yet? Heading up from the valley Friday.", None, [], RESTR,
      written="e2", unplaced=["Flag"], ld=True),  # e2
    E("any prescribed burns planned near the 406 this fall", None, [], RX, written="e2,e6",
      unplaced=["the 406"], ld=True),  # e2,e6
    E("LV red flag warning tonight?", None, [], RFW, written="e2", unplaced=["LV"], ld=True),  # e2
    E("Is the Biggest Little City under any kind of fire restriction?", None, [], RESTR, written="e2",
      unplaced=["the Biggest Little City"], ld=True),  # e2
    E("Is there a burn ban in the Bay Area right now?", None, [], BURN, written="e2", unplaced=["the Bay Area"],
      ld=True),  # e2
    E("Are there any fire restrictions in the Inland Empire this week?", None, [], RESTR, written="e2",
      unplaced=["the Inland Empire"], ld=True),  # e2
    E("Is there a burn ban across the Hill Country?", None, [], BURN, written="e2",
      unplaced=["the Hill Country"], ld=True),  # e2
    E("treasure valley fire restrictions this weekend", None, [], RESTR, written="e2,e6",
      unplaced=["treasure valley"], ld=True),  # e2,e6
    E("Is the Magic Valley under a red flag warning?", None, [], RFW, written="e2", unplaced=["the Magic Valley"],
      ld=True),  # e2
    E("Any evacuations on the Iron Range from the fires up north?", None, [], EVAC, written="e2",
      unplaced=["the Iron Range"], ld=True),  # e2
    E("Are campfires banned in the Boundary Waters right now?", None, [], RESTR, written="e2",
      unplaced=["the Boundary Waters"], ld=True),  # e2
    E("When does burning season open in the Permian Basin?", None, [], BURN, written="e2",
      unplaced=["the Permian Basin"], ld=True),  # e2
    E("Are trails in the Gorge closed because of the fire?", None, [], CLOSURES, written="e2",
      unplaced=["the Gorge"], ld=True),  # e2
    E("Wine Country evacuation warnings tonight?", None, [], EVAC, written="e2", unplaced=["Wine Country"],
      ld=True),  # e2
    E("Are there fire restrictions across the Western Slope?", None, [], RESTR, written="e2",
      unplaced=["the Western Slope"], ld=True),  # e2
    E("Is the Eastern Sierra under a red flag warning this weekend?", None, [], RFW, written="e2",
      unplaced=["the Eastern Sierra"], ld=True),  # e2
    E("Where do I get a burn permit in the Uinta Basin?", None, [], BURN, written="e2",
      unplaced=["the Uinta Basin"], ld=True),  # e2
    E("Is there a fire near the Hi-Line? The sky looks orange.", None, [], CONT, written="e2",
      unplaced=["the Hi-Line"], ld=True),  # e2
    # with their state: derived against the state, at most a warning
    E("Sin City, Nevada: can the county make me pay for putting out a wildfire I started?",
      "state:NV", ST("NV-184"), PEN, None, [r"recover expenses"], written="e2", unplaced=["Sin City"]),  # e2
    E("Burque, New Mexico: what's the most the state can fine you for breaking its timber protection law?",
      "state:NM", ST("NM-250"), PEN, "two hundred dollars ($200)", written="e2", unplaced=["Burque"]),  # e2
    E("Zootown, Montana: what caused the Elder 1 Fire near Frenchtown?",
      "state:MT", IW(329215), CAUSE, "lightning-caused", written="e2", unplaced=["Zootown"]),  # e2
    E("The Old Pueblo, Arizona: is a city allowed to adopt its own wildland-urban interface code?",
      "state:AZ", ST("AZ-5"), WUI, "A city or town may adopt a current wildland-urban interface code",
      written="e2", unplaced=["The Old Pueblo"]),  # e2
    E("Emerald City, Washington: does DNR have someone who represents landowners during fire suppression?",
      "state:WA", ST("WA-434"), WARDEN, "local wildland fire liaison", [r"wildland fire liaison"], written="e2",
      unplaced=["Emerald City"]),  # e2
    E("CDA, Idaho: does the electric company have to file a wildfire mitigation plan?",
      "state:ID", ST("ID-99"), WARDEN, "shall adopt and file a wildfire mitigation plan",
      [r"wildfire mitigation plan"], written="e2",
      unplaced=["CDA"]),  # e2
    E("Lilac City, Washington: do forest owners have to protect their land against fire spreading?",
      "state:WA", ST("WA-520"), DS, "adequate protection against the spread of fire",
      [r"protection against the spread of fire"], written="e2", unplaced=["Lilac City"]),  # e2
    E("The Biggest Little City, Nevada: does the state forester have general powers to protect land from fire?",
      "state:NV", ST("NV-186"), WARDEN, None, [r"Protection"], written="e2",
      unplaced=["The Biggest Little City"]),  # e2
    E("Sactown, California: when did the Browns Fire near Herald start?",
      "state:CA", CAL("12e44df4-d425-4f09-96b9-25256ffbdcb2"), START, "August 8, 2019", written="e2",
      unplaced=["Sactown"]),  # e2
    E("Bako, CA: how many acres did the 2020 Sheep Fire off Comanche Point Road burn?",
      "state:CA", CAL("04013e6f-d207-4043-8d3d-00aa5d332d85"), ACRES, "233", written="e2",
      unplaced=["Bako"]),  # e2
    E("Flag, Arizona: can the state forestry department destroy protected plants while fighting a wildfire?",
      "state:AZ", ST("AZ-4"), WARDEN, None, [r"protected plants"], written="e2", unplaced=["Flag"]),  # e2
    E("Inland Empire, California: when did the 2019 Toro Fire north of Lake Elsinore start?",
      "state:CA", CAL("0089d3c4-c554-46e1-8eb9-af95e4dfae0c"), START, "August 5, 2019", written="e2",
      unplaced=["Inland Empire"]),  # e2
    E("Central Oregon question: who took command of the Henry Fire south of Post?",
      "state:OR", IW(328940), AGENCY, "Georgia Forestry Incident Management Team", written="e2",
      unplaced=["Central Oregon"]),  # e2
    E("Hill Country of Texas: how contained is the Nebo Mountain Fire?",
      "state:TX", IW(327376), CONT, "100% contained", written="e2", unplaced=["Hill Country"]),  # e2
    E("Bitterroot Valley, Montana: where did the Railroad and Daly fires start?",
      "state:MT", IW(320719), START, "southeast of Hamilton", written="e2", unplaced=["Bitterroot Valley"]),  # e2
    E("Iron Range, Minnesota: what caused the Horse River Fire?",
      "state:MN", IW(323427), CAUSE, "lightning strike", written="e2", unplaced=["Iron Range"]),  # e2
    E("The Permian Basin in Texas: when did the Glenwood Fire start?",
      "state:TX", IW(330449), START, "August 14, 2026", written="e2", unplaced=["The Permian Basin"]),  # e2
    E("Eastern Washington: does the state have a fire mobilization region for us?",
      "state:WA", ST("WA-441"), WARDEN, "Southeast region", [r"regional fire defense board"], written="e2",
      unplaced=["Eastern Washington"]),  # e2
]

# ---------------------------------------------------------------------------- e10 location-dependent, no place at all
NO_PLACE = [
    E("Is there a burn ban?", None, [], BURN, written="e10", unplaced=[], ld=True),  # e10
    E("do i need a permit to burn leaves", None, [], BURN, written="e10,e6", unplaced=[], ld=True),  # e10,e6
    E("Are fireworks legal here this year?", None, [], BURN, written="e10", unplaced=[], ld=True),  # e10
    E("Is my area under an evacuation order?", None, [], EVAC, written="e10", unplaced=[], ld=True),  # e10
    E("Can I have a campfire this weekend?", None, [], RESTR, written="e10", unplaced=[], ld=True),  # e10
    E("What stage of fire restrictions are we in?", None, [], RESTR, written="e10", unplaced=[], ld=True),  # e10
    E("Is there a red flag warning today?", None, [], RFW, written="e10", unplaced=[], ld=True),  # e10
    E("How close is the nearest wildfire to me?", None, [], CONT, written="e10", unplaced=[], ld=True),  # e10
    E("When does burn season open in my county?", None, [], BURN, written="e10", unplaced=[], ld=True),  # e10
    E("Who do I call to get a burn permit around here?", None, [], BURN, written="e10", unplaced=[],
      ld=True),  # e10
    E("Is the fire near our town contained yet?", None, [], CONT, written="e10", unplaced=[], ld=True),  # e10
    E("Are any roads closed near me because of the fire?", None, [], CLOSURES, written="e10", unplaced=[],
      ld=True),  # e10
    E("Can I burn brush on my property this week?", None, [], BURN, written="e10", unplaced=[], ld=True),  # e10
    E("What's the penalty for burning during a ban in my state?", None, [], PEN, written="e10", unplaced=[],
      ld=True),  # e10
    E("Is there a prescribed burn happening nearby? I can see smoke from my porch.", None, [], RX,
      written="e10", unplaced=[], ld=True),  # e10
    E("how many feet of defensible space does my county require", None, [], DS, written="e10,e6",
      unplaced=[], ld=True),  # e10,e6
    E("Should we get ready to evacuate? The fire on the ridge behind our house keeps growing.", None, [], EVAC,
      written="e10", unplaced=[], ld=True),  # e10
    E("Is it legal to use a charcoal grill on my deck during the current restrictions?", None, [], RESTR,
      written="e10", unplaced=[], ld=True),  # e10
    E("What caused the fire that started yesterday by the highway near us?", None, [], CAUSE, written="e10",
      unplaced=[], ld=True),  # e10
    E("Are the trails at the state park down the road closed for fire?", None, [], CLOSURES, written="e10",
      unplaced=[], ld=True),  # e10
    E("Has the evacuation order for our neighborhood been lifted?", None, [], EVAC, written="e10", unplaced=[],
      ld=True),  # e10
    E("Are drones allowed near the fire over by us?", None, [], DRONES, written="e10", unplaced=[],
      ld=True),  # e10
    E("Does my city have a wildland-urban interface code?", None, [], WUI, written="e10", unplaced=[],
      ld=True),  # e10
    E("How many acres has the local fire burned so far?", None, [], ACRES, written="e10", unplaced=[],
      ld=True),  # e10
    E("is it ok to burn trash in a barrel out here", None, [], BURN, written="e10,e6", unplaced=[],
      ld=True),  # e10,e6
    E("Who's in charge of the fire next to town, the Forest Service or the state?", None, [], AGENCY,
      written="e10", unplaced=[], ld=True),  # e10
    E("Are there any wildfires near my house right now?", None, [], CONT, written="e10", unplaced=[],
      ld=True),  # e10
    E("Do we still need a burn permit after the first rain?", None, [], BURN, written="e10", unplaced=[],
      ld=True),  # e10
    E("My neighbor is burning a huge pile of branches. Is that allowed right now?", None, [], BURN,
      written="e10", unplaced=[], ld=True),  # e10
    E("When is the county going to lift the fire ban?", None, [], RESTR, written="e10", unplaced=[],
      ld=True),  # e10
    E("Are sky lanterns banned where I live?", None, [], BURN, written="e10", unplaced=[], ld=True),  # e10
    E("What's the fire danger level today?", None, [], RESTR, written="e10", unplaced=[], ld=True),  # e10
]

# ---------------------------------------------------------------------------- e6 dictated text
DICTATED = [
    E("uh when did they find the windy mesa fire out by wiki up",
      "city:Wikieup, AZ", IW(318618), START, "July, 22", written="e6"),  # e6
    E("so um who is in charge of the black canyon fire by naches now like is it still the team",
      "city:Naches, WA", IW(318625), AGENCY, "Southeast Region Department of Natural Resources",
      [r"returned to the local district"], written="e6"),  # e6
    E("hey so whos running the clark 900 fire out past rose burg oregon",
      "city:Roseburg, OR", IW(318694), AGENCY, "North Carolina Incident Management Team 4", written="e6"),  # e6
    E("uh the cliff mountain fire by joseph oregon what started it",
      "city:Joseph, OR", IW(319070), CAUSE, "started by lightning", written="e6"),  # e6
    E("when did the marsh creek fire by lincoln montana start i saw the helicopters",
      "city:Lincoln, MT", IW(320779), START, "On August 27", [r"responded to a fire"], written="e6"),  # e6
    E("is the sharrott creek fire by stevens ville out yet or what",
      "city:Stevensville, MT", IW(320607), CONT, "determined to be Out", [r"determined to be Out"],
      written="e6"),  # e6
    E("um who is the forest working with on the pedro mine fire east of sheridan",
      "city:Sheridan, MT", IW(321151), AGENCY, "local Madison County officials", [r"in collaboration with"],
      written="e6"),  # e6
    E("the dominic point fire out by corvallis is it controlled yet and is gold creek road open",
      "city:Corvallis, MT", IW(324648), CONT, "is Controlled", [r"Controlled"], written="e6"),  # e6
    E("what time did they report the summer springs fire um by custer",
      "city:Custer, MT", IW(325198), START, "At approximately 1pm on 8/13/2025", written="e6"),  # e6
    E("so the central ferry fire west of pullman did they lift the evacuations",
      "city:Pullman, WA", IW(325199), EVAC, "all evacuation levels have been lifted", written="e6"),  # e6
    E("okay so the juniper fire by black canyon city is that one contained",
      "city:Black Canyon City, AZ", IW(323778), CONT, "100% contained", written="e6"),  # e6
    E("uh what started the butte creek fire up by warm springs",
      "city:Warm Springs, OR", IW(324445), CAUSE, "undetermined", written="e6"),  # e6
    E("moose fire southwest of phillips burg what started it",
      "city:Philipsburg, MT", IW(329317), CAUSE, "lightning-caused", written="e6"),  # e6
    E("um the bobcat lakes fire by wisdom when did it get reported",
      "city:Wisdom, MT", IW(329590), START, "around 2:20 p.m. on July 31", written="e6"),  # e6
    E("sand creek fire southeast of wisdom how big was it when they first called it in",
      "city:Wisdom, MT", IW(329633), ACRES, "estimated at 40 acres", written="e6"),  # e6
    E("lynx mountain fire by in chelium when did they find it",
      "city:Inchelium, WA", IW(326142), START, "Discovered on Sept. 2", written="e6"),  # e6
    E("elephant fire near loyal ton when was it reported",
      "city:Loyalton, CA", IW(328658), START, "July 11 at approximately 1:27 p.m.", written="e6"),  # e6
    E("did the north fire up by likely california burn onto the national forest",
      "city:Likely, CA", IW(317909), ACRES, "approximately 200 acres of Modoc National Forest lands",
      written="e6"),  # e6
    E("kettle falls here um did they wrap the snow peak cabin for the fire",
      "city:Kettle Falls, WA", IW(326094), STRUCT, "structure wrap", [r"structure wrap"], written="e6"),  # e6
    E("boneyard fire by monument oregon what caused it",
      "city:Monument, OR", IW(318446), CAUSE, "lightning", written="e6"),  # e6
    E("the nebo mountain fire by fredricksburg texas whos fighting it",
      "city:Fredericksburg, TX", IW(327376), AGENCY, "unified command with local fire departments",
      written="e6"),  # e6
    E("aspen acres fire near rye colorado when did it start",
      "city:Rye, CO", IW(328399), START, "June 29th at approximately 6:00am", written="e6"),  # e6
    E("greer fire in greer arizona like what time did it start",
      "city:Greer, AZ", IW(323361), START, "approximately 11am on May 13, 2025", written="e6"),  # e6
    E("the west fire near pine arizona is that a lightning one",
      "city:Pine, AZ", IW(321014), CAUSE, "lightning-caused", written="e6"),  # e6
    E("um yampa colorado the crosho fire how contained is it",
      "city:Yampa, CO", IW(325134), CONT, "Containment is reported at 100%", written="e6"),  # e6
    E("the bryce fire by pima arizona how many acres",
      "city:Pima, AZ", IW(323334), ACRES, "3,294 acres", written="e6"),  # e6
    E("where are the evacuation shelters for the watch fire in san carlos",
      "city:San Carlos, AZ", IW(318029), EVAC, "San Carlos High School", written="e6"),  # e6
    E("pinnacles fire east of sole dad how many acres did it burn",
      "city:Soledad, CA", CAL("200d07c4-0457-4421-875b-4140d482a03e"), ACRES, "171.0", written="e6"),  # e6
    E("three rivers california when did the coffee pot fire start",
      "city:Three Rivers, CA", IW(320085), START, "Saturday, August 3, 2024", written="e6"),  # e6
    E("who showed up first to the rocky branch fire in lu ray virginia",
      "city:Luray, VA", IW(317080), AGENCY, "Luray Fire Department", written="e6"),  # e6
    E("monticello utah um when did the babylon fire start",
      "city:Monticello, UT", IW(328260), START, "Friday, June 26, 2026", written="e6"),  # e6
    E("yucca valley eureka fire how big",
      "city:Yucca Valley, CA", CAL("a1a24bab-e19d-49d5-a3f2-46281022f261"), ACRES, "214.0", written="e6"),  # e6
    E("when did they report the corral creek fire by hewson montana",
      "city:Huson, MT", IW(325499), START, "August 20, 2025", written="e6"),  # e6
    E("is the horse fire west of lake head contained",
      "city:Lakehead, CA", IW(323788), CONT, "100% contained", written="e6"),  # e6
    E("so the buck fire by aragon new mexico what started it",
      "city:Aragon, NM", IW(323536), CAUSE, "lightning strike", written="e6"),  # e6
    E("um so is there like a burn ban in billings right now",
      "city:Billings, MT", [], BURN, written="e6"),  # e6
    E("uh do i need a permit for an open fire up in the black hills",
      "state:SD", ST("SD-339"), BURN, written="e6,e4"),  # e6,e4
    E("okay so cour da lane idaho does the power company have to do a wildfire plan",
      "city:Coeur d'Alene, ID", ST("ID-99"), WARDEN, "shall adopt and file a wildfire mitigation plan",
      [r"wildfire mitigation plan"], written="e6"),  # e6
    E("rapid city here are fireworks banned in the black hills fire district or just near it",
      "city:Rapid City, SD", ST("SD-344"), BURN, "within the exterior boundaries of the Black Hills Forest Fire "
      "Protection District", [r"consumer fireworks"], written="e6"),  # e6
]

# ---------------------------------------------------------------------------- e7 stories naming several places
STORIES = [
    E("I grew up in Amarillo and my folks live in Canyon. I moved to Fort Worth for work a few years back. "
      "My brother says there was a big grass fire out in Oldham County around Christmas time. When did the Parker "
      "Creek Fire start?",
      "county:Oldham, TX", IWS(7914), START, "Wednesday, December 15th", [r"On Wednesday, December 15th"],
      written="e7"),  # e7
    E("We live in Boyd, but my wife is from Decatur and we rented in Denton for years. On Valentine's Day we "
      "saw smoke east of town. Which agency was responding to that wildfire near Boyd?",
      "city:Boyd, TX", IWS(7971), AGENCY, "Texas A&M Forest Service", [r"is responding to a wildfire"],
      written="e7"),  # e7
    E("My daughter is at school in Kingsville and we live up in San Antonio. Her roommate's family ranches in "
      "Kleberg County. When did the Borrega fire start?",
      "county:Kleberg, TX", IWS(8043), START, "March 30th", written="e7"),  # e7
    E("My husband works in Alice and we live outside San Diego, Texas. His cousin in Corpus Christi keeps "
      "asking about the 735 Fire. What day did firefighters respond to it in Jim Wells County?",
      "county:Jim Wells, TX", IWS(7976), START, "Tuesday, February 15", [r"responded to the 735 Fire"],
      written="e7"),  # e7
    E("I drive a truck between Wichita Falls and Henrietta most days, and my kids live in Dallas. Last July "
      "there was a fire off the highway in Clay County. What time did the Long Creek Fire begin?",
      "county:Clay, TX", IWS(8282), START, "about 1245pm on Wednesday, July 27", written="e7"),  # e7
    E("We farm near Archer City; my brother is in Olney and our mom is in a home in Wichita Falls. The Wells 2 "
      "fire came close to the farm. When did it start?",
      "county:Archer, TX", IWS(8019), START, "roughly 2:00 PM on March 20th", written="e7"),  # e7
    E("These days I live in Pampa; I grew up in Borger, and my sister is in Amarillo. Last spring a fire started south "
      "of town. What day did the Double Barrel Fire start?",
      "county:Gray, TX", IWS(8045), START, "Tuesday, March 29, 2022", written="e7"),  # e7
    E("My parents retired to Brackettville and we're in Del Rio. My uncle runs goats near Uvalde. When did "
      "the West Nueces Fire begin in Kinney County?",
      "county:Kinney, TX", IWS(8039), START, "March 27, 2022", written="e7"),  # e7
    E("We spent spring break in Falfurrias with my grandmother; the rest of us live in McAllen. On the drive "
      "back we saw a huge fire in Brooks County. When did the Vib Fire start?",
      "county:Brooks, TX", IWS(8044), START, "mid afternoon, March 30th, 2022", written="e7"),  # e7
    E("My brother is in Dumas, I'm in Lubbock, and our dad lives on the old place near Sunray. What time did "
      "the Helium Fire start in Moore County?",
      "county:Moore, TX", IWS(8101), START, "approximately 11:00 am", written="e7"),  # e7
    E("I'm in Canyon, my in-laws are in Hereford, and we go to church in Amarillo. Last March a fire started "
      "off Highway 287 in Potter County. What date did the Dalmatian Fire start?",
      "county:Potter, TX", IWS(7988), START, "3/03/2022", written="e7"),  # e7
    E("We have a place near Castroville, my work is in San Antonio, and my sister lives in Hondo. When did the "
      "Das Goat Fire begin?",
      "county:Medina, TX", IWS(8030), START, "March 25, 2022", written="e7"),  # e7
    E("I commute from Granbury to Fort Worth and my parents are in Stephenville. A friend said a wildfire was "
      "started outside Bluff Dale in Hood County. What time did the Big L Fire start?",
      "county:Hood, TX", IWS(8018), START, "1:00 pm", written="e7"),  # e7
    E("My sister lives in Oakhurst and I'm in Fresno. We drove through Mariposa to Yosemite in July 2022 and "
      "it was all smoke. When did the 2022 Oak Fire start?",
      "county:Mariposa, CA", IWS(8280), START, "July 22, 2022", written="e7"),  # e7
    E("We're from Ennis, Montana, but we winter in Mesa, Arizona. My son guides out of Bozeman. Did the 2022 "
      "Sunrise Fire in Madison County ever get fully contained?",
      "county:Madison, MT", IWS(8422), CONT, "100% containment", written="e7"),  # e7
    E("I live in Montrose, work in Ridgway, and my girlfriend is in Telluride. When was the Simms Fire in Ouray "
      "County reported?",
      "county:Ouray, CO", IWS(8117), START, "approximately 3:45 p.m. on May 19", written="e7"),  # e7
    E("Our cabin is near Pagosa Springs, we live in Farmington, New Mexico, and my folks are in Durango. When "
      "was the Plumtaw fire first reported?",
      "county:Archuleta, CO", IWS(8113), START, "around 1pm on May 17th", written="e7"),  # e7
    E("I live in Lewiston, my dad is in Grangeville, and we float the Salmon every August out of Riggins. When "
      "was the Williams Creek Fire in Idaho County detected?",
      "county:Idaho, ID", IWS(8372), START, "August 29", written="e7"),  # e7
    E("My wife's family ranches near Salmon, Idaho; we live in Idaho Falls and have friends in Challis. What "
      "started the Woodtick Fire in Lemhi County?",
      "county:Lemhi, ID", IWS(8253), CAUSE, "lightning caused", written="e7"),  # e7
    E("We live in Sheridan, my kids are at school in Laramie, and we hunt near Buffalo. When did the Crater Ridge "
      "Fire ignite in Sheridan County?",
      "county:Sheridan, WY", IWS(7685), START, "July 17", written="e7"),  # e7
    E("I'm in Lordsburg, my mother is in Deming, and my brother is across the line in Douglas, Arizona. When was "
      "the Foster Fire in Hidalgo County reported?",
      "county:Hidalgo, NM", IWS(8125), START, "May 29, 2022, at 12:53 PM", written="e7"),  # e7
    E("We live in Red Bluff, my son is in Chico, and we have a cabin up near Mineral. When did the Graham Fire "
      "start in Tehama County?",
      "county:Tehama, CA", IWS(8150), START, "June 9, 2022 at approximately 1800 hours", written="e7"),  # e7
    E("My family is in Clovis, I work in Visalia, and we backpack out of Courtright every summer. What caused the "
      "Avalanche Fire in Fresno County?",
      "county:Fresno, CA", IWS(8275), CAUSE, "lightning-caused", written="e7"),  # e7
    E("These days I live in Missoula; I grew up in Kalispell, and my parents are in Polson. When was the Boulder Lake Fire "
      "in Missoula County reported?",
      "county:Missoula, MT", IWS(8395), START, "Sept. 3, 2022", written="e7"),  # e7
    E("We live in Columbia Falls, my sister is in West Glacier, and my husband works in Whitefish. Where was the "
      "North Camas Fire in Flathead County detected?",
      "county:Flathead, MT", IWS(8387), START, "upper Camas Creek drainage", written="e7"),  # e7
    E("My parents are in Roseburg, we're in Eugene, and my brother drives logs out of Glide. The Jack Fire was "
      "on the Umpqua. When did it start?",
      "county:Douglas, OR", IWS(7605), START, "started on July", written="e7"),  # e7
    E("We live in Hesperia, my daughter is in Victorville, and we camp at Big Bear. When was the Radford fire "
      "declared 100% contained?",
      "county:San Bernardino, CA", IWS(8390), CONT, "September 30, 2022", [r"declared 100"], written="e7"),  # e7
    E("We ranch near Valentine, Nebraska. My son is in Lincoln and my daughter is in Omaha. If the state's "
      "wildland fire response team needs equipment out here, can it rent it?",
      "city:Valentine, NE", ST("NE-175"), WARDEN, "may rent equipment", [r"Wildland Incident Response"],
      written="e7"),  # e7
    E("I live in Sioux Falls, but we hunt in Harding County every fall and my brother is in Spearfish. What's "
      "the penalty for starting an open fire on state land out there, outside the Black Hills district?",
      "county:Harding, SD", ST("SD-362"), PEN, "Class 2 misdemeanor", written="e7"),  # e7
    E("Our place is in Ocean County by the Pine Barrens, my parents are in Philadelphia, and I work in Trenton. "
      "Can New Jersey's forest fire people come onto my land to put out a wildfire?",
      "county:Ocean, NJ", ST("NJ-200"), WARDEN, None, [r"Right of trespass to extinguish wildfire"],
      written="e7"),  # e7
    E("I work in Hartford, my cabin is in Litchfield County, and my parents are in Springfield, Massachusetts. Can "
      "our volunteer fire company buy forest fire-fighting equipment from the state?",
      "county:Litchfield, CT", ST("CT-21"), WARDEN, "may sell such equipment to any fire company", written="e7"),  # e7
    E("We moved from Charlotte to Greenville County, South Carolina, and my in-laws are in Asheville. What is "
      "South Carolina's forest fire protection law called?",
      "county:Greenville, SC", ST("SC-310"), WARDEN, "South Carolina Forest Fire Protection Act", written="e7"),  # e7
    E("I live in Bakersfield; my cousin lives in Mojave and works in Tehachapi. How big was the 10th Fire near "
      "Balboa Ave in Mojave?",
      "city:Mojave, CA", CAL("112e618e-f612-405b-8908-5df603790f77"), ACRES, "133.0", written="e7"),  # e7
    E("We live in El Paso. Our cabin is up in Ruidoso and my in-laws are in Alamogordo. Is there a burn ban in El "
      "Paso County this month?",
      "county:El Paso, TX", [], BURN, written="e7"),  # e7
    E("My aunt in Cold Springs had to leave during the Bug Fire; I'm in Reno and my dad is in Susanville. How "
      "contained is the Stallion Fire?",
      "county:Washoe, NV", IW(330183), CONT, "Containment: 95%", written="e7"),  # e7
]

# ---------------------------------------------------------------------------- e8 false premises about place
FALSE_PREMISES = [
    E("My friend in Spokane says Coeur d'Alene is in Washington. When did the Nettleton Gulch Fire start up by "
      "Coeur d'Alene?",
      "city:Coeur d'Alene, ID", IW(323761), START, "June 29, 2025", written="e8"),  # e8
    E("When was the Miller Peak Fire outside Missoula, Idaho first reported?",
      "city:Missoula, MT", IW(318141), START, "the afternoon of July 14, 2024", written="e8"),  # e8
    E("The Park Fire started in Paradise, right? Where exactly did it start?",
      "county:Butte, CA", IW(318755), START, "near Bidwell Municipal Park in Chico", written="e8"),  # e8
    E("Since the Dixie Fire is burning near Reno, are there evacuation orders for Washoe County?",
      "county:Washoe, NV", IW(330183), EVAC, "Washoe County Evacuations", written="e8"),  # e8
    E("My uncle in Bend swears Sisters is in Jefferson County. Is the Akawa Butte Fire in Jefferson County under "
      "evacuation orders?",
      "county:Jefferson, OR", IW(328845), EVAC, "Evacuation orders are in place", written="e8"),  # e8
    E("Sisters is in Crook County, yes? When was the Akawa Butte Fire northeast of Sisters reported?",
      "city:Sisters, OR", IW(328845), START, "1:41 PM on Thursday, July 16", written="e8"),  # e8
    E("Ruidoso is in Otero County, right? When was the South Fork Fire near Ruidoso reported?",
      "city:Ruidoso, NM", IW(317595), START, "9:07 A.M. MDT", written="e8"),  # e8
    E("Durango is up in Montezuma County, so were the Elkhorn Fire evacuations north of Durango lifted?",
      "city:Durango, CO", IW(324675), EVAC, "Evacuation zones 3 and 5, the last two remaining, were lifted",
      written="e8"),  # e8
    E("How far north of St. George, Arizona did the Forsyth fire start?",
      "city:St. George, UT", IW(323642), START, "approximately 15 miles north of St. George", written="e8"),  # e8
    E("Is the Upriver Fire by Spokane, Idaho contained?",
      "city:Spokane, WA", IW(328056), CONT, "100% containment", written="e8"),  # e8
    E("Since the Dragon Bravo Fire burned the South Rim lodges, what pushed it past its containment lines?",
      "county:Coconino, AZ", IW(323920), CONT, "strong northwest wind gusts", written="e8"),  # e8
    E("The Caldor Fire was over on the Nevada side of Tahoe, wasn't it? Who took it over in late October?",
      "county:El Dorado, CA", IWS(7801), AGENCY, "transition to a local type", [r"transition to a local type"],
      written="e8"),  # e8
    E("Since the 2018 Camp Fire was in Sonoma County, when was it finally contained?",
      "county:Butte, CA", CAL("75dafe80-f18a-4a4a-9a37-4b564c5f6014"), CONT, "November 25, 2018",
      written="e8"),  # e8
    E("Prescott is in Coconino County, right? When did the Brady Fire on the Prescott NF start?",
      "city:Prescott, AZ", IW(323037), START, "February 10, 2025", written="e8"),  # e8
    E("Bozeman's in Park County, so is the West Fork Fire near West Yellowstone still growing?",
      "city:West Yellowstone, MT", IW(325460), CONT, "no growth since September 1", written="e8"),  # e8
]

# ---------------------------------------------------------------------------- e9 Spanish
SPANISH = [
    E("¿Ya está controlado el incendio Ranch cerca de Patagonia, en el condado de Santa Cruz, Arizona?",
      "county:Santa Cruz, AZ", IW(323500), CONT, "100% contained", written="e9", language="es"),  # e9
    E("¿Cuántos acres quemó el incendio Elgin Bridge en el condado de Santa Cruz, Arizona?",
      "county:Santa Cruz, AZ", IWS(8119), ACRES, "2,149 acres", written="e9", language="es"),  # e9
    E("Vivo en Yuma. ¿El incendio Refuge al norte de Yuma lo causó la gente?",
      "city:Yuma, AZ", IW(317372), CAUSE, "human-caused", written="e9", language="es"),  # e9
    E("¿Cuántos acres se quemaron en el incendio Whitlock cerca de Holtville, allá en el Valle Imperial?",
      "city:Holtville, CA", CAL("942af93d-f1a5-467e-ad37-b327eedc3442"), ACRES, "101.0", written="e9",
      language="es"),  # e9
    E("¿De qué tamaño fue el incendio Pfeiffer cerca de Big Sur?",
      "city:Big Sur, CA", CAL("0681ea77-2e43-43c4-9ae9-34fb168c0c03"), ACRES, "917 acres", written="e9",
      language="es"),  # e9
    E("¿El incendio Indios cerca de Coyote, Nuevo México, lo prendió un rayo?",
      "city:Coyote, NM", IW(317309), CAUSE, "lightning caused", written="e9", language="es"),  # e9
    E("¿Cuándo empezó el incendio Frijoles cerca de Cundiyo, Nuevo México?",
      "city:Cundiyo, NM", IW(329869), START, "August 4th", written="e9", language="es"),  # e9
    E("¿Cuándo empezó el incendio Borel en el condado de Kern?",
      "county:Kern, CA", IW(318994), START, "July 24, 2024", written="e9", language="es"),  # e9
    E("¿Qué causó el incendio Cow Valley en el condado de Malheur, Oregón?",
      "county:Malheur, OR", IW(318012), CAUSE, "human-caused", written="e9", language="es"),  # e9
    E("¿Qué tanto está contenido el incendio Hat en el condado de Malheur?",
      "county:Malheur, OR", IW(329343), CONT, "99 percent contained", written="e9", language="es"),  # e9
    E("¿Cuántos acres quemaron en la quema prescrita Montoya junto a Canjilón?",
      "city:Canjilon, NM", IW(317212), RX, "835 acres", written="e9", language="es"),  # e9
    E("¿Qué equipo iba a tomar el incendio Cerro Pelado en el condado de Sandoval?",
      "county:Sandoval, NM", IWS(8075), AGENCY, "Northern New Mexico Type 3 Incident Management Team",
      written="e9", language="es"),  # e9
    E("¿Cuándo reportaron el incendio Frenchman en el condado de Los Ángeles?",
      "county:Los Angeles, CA", IW(322790), START, "Thursday, Nov. 7, 2024 at 12:08 p.m.", written="e9",
      language="es"),  # e9
    E("Trabajo en las huertas de Wenatchee. ¿Hay caminos o campamentos cerrados por el incendio Shoofly?",
      "city:Wenatchee, WA", IW(317982), CLOSURES, "Campground, road and trail closures", written="e9",
      language="es"),  # e9
    E("¿Qué equipo manejaba el incendio Retreat en el condado de Yakima antes de regresarlo?",
      "county:Yakima, WA", IW(318748), AGENCY, "California Interagency Incident Management Team 14",
      written="e9", language="es"),  # e9
    E("¿Cuándo vieron el humo del incendio Crosby en el condado de Lake, Minnesota?",
      "county:Lake, MN", IW(327109), START, "October 8, 2025", written="e9", language="es"),  # e9
    E("¿Hay cierre en el bosque por el incendio Fishhook en el condado de Routt, Colorado?",
      "county:Routt, CO", IW(328675), CLOSURES, "area closure", written="e9", language="es"),  # e9
    E("¿Con qué otros incendios se juntó el incendio Jakes en el condado de Elko?",
      "county:Elko, NV", IW(324825), CONT, "Snowstorm Fire, & MP 22 Fire", [r"have merged"], written="e9",
      language="es"),  # e9
    E("Mis papás viven en Pine Valley, Utah. ¿Qué nivel de evacuación tienen por el incendio Forsyth?",
      "city:Pine Valley, UT", IW(323642), EVAC, "\"Ready\" evacuation status", written="e9", language="es"),  # e9
    E("¿Cuándo detectaron el incendio McCauley Springs en el distrito de Jemez, condado de Sandoval?",
      "county:Sandoval, NM", IW(328175), START, "Wednesday morning June 24, 2026", written="e9",
      language="es"),  # e9
    E("En Nuevo México, ¿un dueño de terreno puede hacer una quema prescrita en su propiedad?",
      "state:NM", ST("NM-270"), RX, "shall have a right to conduct a prescribed burn", written="e9",
      language="es"),  # e9
    E("Vivo en Las Cruces. ¿Dejar una fogata prendida y sola en tierra ajena cuenta como manejo indebido del "
      "fuego en Nuevo México?",
      "city:Las Cruces, NM", ST("NM-231"), PEN, "leaving any campfire burning and unattended", written="e9",
      language="es"),  # e9
    E("¿Las autoridades del condado de Starr pidieron ayuda para el incendio La Paloma?",
      "county:Starr, TX", IWS(8011), AGENCY, "requested assistance", [r"requested assistance"], written="e9",
      language="es"),  # e9
    E("¿Hay prohibición de quemas en la parroquia de Tangipahoa, Luisiana?",
      "county:Tangipahoa, LA", ST("LA-136"), BURN, written="e9,e5", language="es"),  # e9,e5
    E("¿Hay prohibición de quemar en mi condado esta semana?", None, [], BURN, written="e9,e10", unplaced=[],
      ld=True, language="es"),  # e9,e10
    E("¿Se pueden tronar cuetes aquí para el 4 de julio o está prohibido?", None, [], BURN, written="e9,e10",
      unplaced=[], ld=True, language="es"),  # e9,e10
    E("¿Hay orden de evacuación en mi colonia por el incendio?", None, [], EVAC, written="e9,e10",
      unplaced=[], ld=True, language="es"),  # e9,e10
    E("¿Hay prohibición de quemas en el Valle del Río Grande?", None, [], BURN, written="e9,e2",
      unplaced=["el Valle del Río Grande"], ld=True, language="es"),  # e9,e2
]

# ---------------------------------------------------------------------------- e11 terms that carry a place's name
PLACE_TERMS = [
    E("What are Smokey Bear license plates?", None, ST("WA-443"), WARDEN,
      "display the name, image, and likeness of Smokey Bear", [r"Smokey Bear license plates"],
      written="e11"),  # e11
    E("How strong can Santa Ana winds get during a fire?", None, IW(322622), RFW, "high winds up to 50 mph",
      [r"Santa Ana winds"], written="e11"),  # e11
    E("What kind of weather gets a Red Flag Warning issued?", None, CAL("9a2b8ac1-41f4-4f98-a4e1-9b5ddee37251"),
      RFW, "gusty winds and low relative humidity", written="e11"),  # e11
    E("Is the Pacific Crest Trail affected by the Shelly Fire closure?",
      "county:Siskiyou, CA", IW(317826), CLOSURES, "An area closure remains in effect", written="e11"),  # e11
    E("Which stretch of the Pacific Crest Trail was closed for the 2016 Pilot Fire?",
      "county:San Bernardino, CA", CAL("69c7b8cc-061e-4ca6-b5e8-83c6ae9d8a25"), CLOSURES,
      "from the Deep Creek Hot Springs (3W02) to Silverwood State Park", written="e11"),  # e11
    E("Is the Pentagon Fire impacting the Continental Divide Trail?",
      "county:Flathead, MT", IW(319564), CLOSURES, "not currently impacting the Continental Divide Trail",
      written="e11"),  # e11
    E("What started the Blue 2 Fire in the Smokey Bear Ranger District?",
      "county:Lincoln, NM", IW(317298), CAUSE, "lightning-caused", written="e11"),  # e11
    E("When was the 2024 Boise Fire first reported? I know it's not in Idaho.",
      "county:Humboldt, CA", IW(319881), START, "August 9, 2024 at around 8:50 p.m.", written="e11"),  # e11
    E("Who do I ask about the Cody Fire? Not the one in Wyoming, the one on the Coronado.",
      "county:Pinal, AZ", IW(323421), AGENCY, "Coronado National Forest", [r"Coronado National Forest"],
      written="e11"),  # e11
    E("Who is managing the Tacoma Creek Fire now? It's nowhere near Tacoma, I know.",
      "county:Stevens, WA", IW(326026), AGENCY, "returned to the local district", [r"returned to the local"],
      written="e11"),  # e11
    E("How many acres did the Winnemucca Mountain Fire burn?",
      "county:Humboldt, NV", IW(323581), ACRES, "2321 acres", written="e11"),  # e11
    E("Who took command of the Paradise Fire? The New Mexico one, not Paradise, California.",
      "county:Catron, NM", IW(323459), AGENCY, "Gila Las Cruces Type 3 Incident Command Team",
      written="e11"),  # e11
    E("What does the California Fire Code say about building in the wildland-urban interface?", None, [], WUI,
      None, [r"California Fire Code"], written="e11"),  # e11
    E("What is the Haines Index in a fire weather forecast?", None, [], RFW, None, [r"Haines Index"],
      written="e11"),  # e11
    E("What are Diablo winds, and when do they blow?", None, [], RFW, None, [r"Diablo wind"],
      written="e11"),  # e11
    E("What are Sundowner winds and why do they matter for fires?", None, [], RFW, None, [r"Sundowner"],
      written="e11"),  # e11
]


def _spread(*blocks):
    """All seeds of all blocks in one fixed order that does not follow the blocks: sorted by a hash of the
    question text, so that neighbouring ids (and the three parts by id number mod 3) mix styles, places and
    decisions."""
    seeds = [seed for block in blocks for seed in block]
    return sorted(seeds, key=lambda seed: hashlib.sha256(("placewriting/" + seed["q"]).encode("utf-8")).hexdigest())


SEEDS = _spread(
    NICKNAMES,
    ZIPS,
    PARKS,
    COUNTY_EQUIVALENTS,
    UNHELD,
    NO_PLACE,
    DICTATED,
    STORIES,
    FALSE_PREMISES,
    SPANISH,
    PLACE_TERMS,
)
