"""Hand-written seeds for the at-length question set (benchmarks/qa/atlength.jsonl).

Same format as seeds.py (see its docstring): q, place ('state:XX', 'county:Name, XX', 'city:Name, XX' or None),
docs (<source>:<native id>; empty for a question about an absence), topic, and where short the answer exactly as
the document words it; `check` narrows the topic's keyword pattern where it is too broad (or names the incident,
programme or term a question about an absence is about).

Written on 2026-12-04 apart from the answering code: from the shared corpus, the containment DAG and the
gold-label builder (derive.py, geo.py) alone, without reading the questions of seeds.py or seeds_b.py and
without running the system. The questions are asked at length, the way residents, lawyers, journalists and
officials write: a situation before the question, indirect and formal/legal wording, two asks in one message,
a second place named only for contrast or to locate the asked one, definitions without "what is", and
when/how far/how much/who questions. The comment after each seed names its style (s1 context first, s2
indirect, s3 formal/legal, s4 multi-part, s5 contrast or neighbour, s6 exclusion, s7 landmark or region,
s8 definition, s9 when/how far/how much/who, s10 incident at length).

Seeds are written in blocks (by region and kind of source) and put in one order by a hash of the question
text, so that neighbouring ids mix places, sources, styles and decisions. The gold relation and decision are
not written here: derive.py computes them.

    python benchmarks/qa/fresh/derive.py --seeds seeds_c --prefix L --out benchmarks/qa/atlength.jsonl
"""

import hashlib

from seeds import (  # noqa: F401  (the shared format and topic names)
    S, CF, BURN, RESTR, EVAC, ACRES, CONT, CAUSE, START, AGENCY, RX, RFW, DS, PEN, WUI, WARDEN, DRONES,
    STRUCT, RECOVERY, OTHER,
)

CLOSURES = "closures"


def IW(n):
    return f"inciweb:{n}"


def IWS(n):
    return f"inciweb_summary:{n}"


def ST(n):
    return f"statute:stat-{n}"


# ---------------------------------------------------------------------------- Oregon (InciWeb)
OREGON = [
    S("We have a cabin about ten miles up the road from Eagle Point, Oregon, and spent most of July 2024 watching "
      "the Salt Creek Fire's smoke column from the porch. On what day did that fire actually begin?",  # s1
      "city:Eagle Point, OR", IW(317933), START, "Sunday, July 7"),
    S("I'm trying to find out what caused the Larch Creek Fire southwest of Dufur in Wasco County, Oregon, in "
      "July 2024 - was it lightning or people?",  # s2
      "county:Wasco, OR", IW(318008), CAUSE, "human activity"),
    S("Baker County, Oregon: the Durkee Fire in July 2024 - at what time of day did it get started, and by "
      "what?",  # s9,s4
      "county:Baker, OR", IW(318322), START, "9:30 a.m."),
    S("Just outside The Dalles, along the Columbia River Gorge, the Rowena Fire tore through in 2025. What date "
      "did it start?",  # s7
      "city:The Dalles, OR", IW(323541), START, "June 11th, 2025"),
    S("Did the governor end up invoking the Conflagration Act for the 2025 Flat Fire near Culver, Oregon, and "
      "on which afternoon had the fire started?",  # s4
      "city:Culver, OR", IW(325643), START, "August 21st"),
    S("How far out of Burns, Oregon did the Falls Fire of July 2024 start?",  # s9
      "city:Burns, OR", IW(318040), START, "25 miles northwest of Burns"),
    S("Madras, Oregon - not the city in India - had a fire east of town by Brewer Reservoir in July 2026. Do "
      "we know what started the Brewer Fire?",  # s6
      "city:Madras, OR", IW(328840), CAUSE, "caused by lightning"),
    S("My sister down in Bend kept texting me about the Akawa Butte Fire in July 2026, but we're the ones who "
      "live in Sisters, Oregon. When was that fire first reported?",  # s5
      "city:Sisters, OR", IW(328845), START, "1:41 PM on Thursday, July 16"),
    S("A 2026 fire called Green Mountain was burning between the Brewer and Crosswhite fires northeast of "
      "Prineville, Oregon. Was it lightning that set it off?",  # s10
      "city:Prineville, OR", IW(329194), CAUSE, "lightning caused"),
    S("For a story on the McKenzie Highway corridor east of McKenzie Bridge, I'd like to confirm what caused "
      "the Foley Ridge Fire in Lane County, Oregon in 2025.",  # s2
      "county:Lane, OR", IW(326337), CAUSE, "lightning-caused"),
    S("Pendleton, Oregon folks: the North Cayuse Fire east of town in 2026 - what was the start date?",  # s9
      "city:Pendleton, OR", IW(328602), START, "July 4, 2026"),
    S("Wheeler County, Oregon had the Fossil Complex in September 2024, made up of the Canyon, Holmes, Two "
      "Cabin, Kinzua and Service fires. How many acres did the complex cover in total?",  # s10
      "county:Wheeler, OR", IW(321133), ACRES, "24,446 acres"),
    S("The Dixon Fire in Douglas County, Oregon used to go by another name, the Tiller Trail Fire. Has anyone "
      "said what caused it?",  # s1
      "county:Douglas, OR", IW(319952), CAUSE, "under investigation"),
    # warn: a city the report does not name (Bend) inside the report's county
    S("We live in Bend, Oregon, and the Bachelor Complex was up the hill from us in 2024. When did command of "
      "the Bachelor Complex go to a Type 4 organization?",  # s1
      "city:Bend, OR", IW(321365), AGENCY, "October 26, 2024"),
    # warn: the state asked, a county's report the evidence
    S("Oregon's Larch Creek Fire in 2024 - how many acres did it reach within its first 24 hours?",  # s9
      "state:OR", IW(318008), ACRES, "over 9,000 acres"),
    S("Could you tell me which Oregon incident management team took command of the 2024 Salt Creek Fire?",  # s2
      "state:OR", IW(317933), AGENCY, "Incident Management Team 1"),
    # abstain: fires the corpus does not hold, named with their Oregon county or town
    S("My in-laws lost their place in Blue River when the Holiday Farm Fire ran down the McKenzie valley in "
      "Lane County, Oregon. How many homes did that fire destroy altogether?",  # s1
      "county:Lane, OR", [], STRUCT, check=["Holiday Farm"]),
    S("I'd like to know where the 2020 Almeda Fire started before it burned through Talent and Phoenix in "
      "Jackson County, Oregon.",  # s2
      "county:Jackson, OR", [], START, check=["Almeda"]),
    S("Back in 2020, the Beachie Creek Fire wiped out much of Detroit and Gates in Marion County, Oregon. How "
      "many acres did it end up burning?",  # s10
      "county:Marion, OR", [], ACRES, check=["Beachie Creek"]),
    S("Curry County, Oregon got the Biscuit Fire in 2002, one of the biggest the state has had. What caused "
      "it?",  # s10
      "county:Curry, OR", [], CAUSE, check=["Biscuit"]),
]


# ---------------------------------------------------------------------------- Nevada and Idaho
GREAT_BASIN = [
    S("My parents live on the south end of Reno, Nevada, near where the Davis Fire broke out by Davis Creek "
      "Regional Park in September 2024. How many homes did that fire end up destroying?",  # s1,s7
      "city:Reno, NV", IW(321204), STRUCT, "14 residences"),
    S("White Pine County, Nevada had a lightning fire called the Hobson Fire in August 2024. How big was it by "
      "the time it was fully contained?",  # s10
      "county:White Pine, NV", IW(320404), ACRES, "1,080-acre"),
    S("Ely, Nevada (the one in White Pine County, not Ely, Minnesota): when did the 2026 Ward Fire near Ward "
      "Mountain start?",  # s6
      "city:Ely, NV", IW(329625), START, "July 31, 2026"),
    S("Could you tell me whether anyone determined the cause of the Wilder Fire, that big wind-driven grass fire "
      "in Humboldt County, Nevada in July 2024?",  # s2
      "county:Humboldt, NV", IW(317929), CAUSE, "The cause is undetermined"),
    S("The Broom Canyon Fire up in the Currant Mountain Wilderness, Nye County, Nevada (2024): when was it "
      "first reported?",  # s7,s9
      "county:Nye, NV", IW(320153), START, "Monday, July 29"),
    S("I run tours out of Gerlach, Nevada. On what day did the Stockade Canyon Fire northwest of town ignite "
      "in 2024?",  # s1
      "city:Gerlach, NV", IW(318717), START, "Tuesday, July 3, 2024"),
    # Idaho incidents
    S("Not the state - the Texas Fire near Kendrick, Idaho in 2024. When was it first detected?",  # s6
      "city:Kendrick, ID", IW(318298), START, "Monday, July 15, 2024"),
    S("We ranch north of Emmett, Idaho and the Paddock Fire came over the hills at us in August 2024. What "
      "size did it finally hold at?",  # s1
      "city:Emmett, ID", IW(319653), ACRES, "187,185 acres"),
    S("Rafting season out of Riggins, Idaho got messy with the Moore Square Complex in 2024. Which fires made "
      "up that complex, and how big were they combined?",  # s4
      "city:Riggins, ID", IW(321095), ACRES, "3,673 acres"),
    S("West of Challis, Idaho there was the Vanity Fire in September 2024. What started it?",  # s7
      "city:Challis, ID", IW(321348), CAUSE, "lightning"),
    S("In the Frank Church Wilderness in Valley County, Idaho, the Burnt Creek Fire burned down to the Middle "
      "Fork of the Salmon in 2024. How many acres had it burned as of September 9?",  # s7,s10
      "county:Valley, ID", IW(320403), ACRES, "2,665 acres"),
    S("The Farrow Fire in Idaho County, Idaho (2024) - when was it detected, and was it a lightning start?",  # s4
      "county:Idaho, ID", IW(319753), START, "August 5th"),
    # Idaho statutes
    S("Under Idaho law, what stretch of the year counts as the closed fire season, when burning on forest or "
      "range land needs a permit from the district fire warden?",  # s3
      "state:ID", ST("ID-76"), BURN, "May 10 to October 20"),
    S("My nephew left his campfire going at a dispersed site in the national forest in Idaho during the closed "
      "season. Under the state's campfire statute, what is that offense graded as?",  # s1,s3
      "state:ID", ST("ID-77"), PEN, "petty misdemeanor"),
    S("How does Idaho's forest fire protection chapter define slash in terms of size?",  # s8
      "state:ID", ST("ID-70"), WARDEN, "four (4) inches and under in diameter"),
    S("If someone negligently starts a range fire in Idaho, how long does the state's statute of limitations "
      "give a landowner to bring a civil action for the damage?",  # s9,s3
      "state:ID", ST("ID-72"), PEN, "ten (10) years"),
    S("As an Idaho forest landowner with more than 26 acres, what is the cap per acre on the yearly fire "
      "protection assessment the state board can set?",  # s9
      "state:ID", ST("ID-73"), WARDEN, "sixty-five cents (65¢) an acre per year", check=["forest protective"]),
    # warn: a state statute asked about a town
    S("We just closed on a timbered lot outside Sandpoint, Idaho and want to burn the slash piles this summer. "
      "Between which dates does Idaho require a burning permit for that?",  # s1
      "city:Sandpoint, ID", ST("ID-76"), BURN, "May 10 to October 20"),
    S("I live in Moscow, Idaho. Who is actually charged with enforcing the criminal side of the state's forest "
      "fire laws around here - is it just the Department of Lands?",  # s2
      "city:Moscow, ID", ST("ID-84"), WARDEN),
    # abstain: an old fire the corpus does not hold
    S("Owyhee County, Idaho had the Murphy Complex back in 2007. How many acres of sagebrush country did it "
      "burn?",  # s10
      "county:Owyhee, ID", [], ACRES, check=["Murphy Complex"]),
    S("Was anyone ever charged over the 2007 Murphy Complex fires south of Twin Falls, Idaho?",  # s10
      "city:Twin Falls, ID", [], CAUSE, check=["Murphy Complex"]),
]


# ---------------------------------------------------------------------------- eastern and island statutes
EAST_STATUTES = [
    # Florida
    S("I'm a certified pile burner in Florida. How late in the day can an authorized pile burn go on before "
      "it has to be finished?",  # s1,s9
      "state:FL", ST("FL-56"), RX, "no later than 1 hour after sunset"),
    S("How does Florida's open burning statute define a burn that is \"contained\"?",  # s8
      "state:FL", ST("FL-56"), RX, "fire and smoldering exist entirely within established or natural firebreaks"),
    S("Before the Florida Forest Service does a fuel-reduction treatment on wild land, how far ahead does it "
      "have to publish a notice in the local paper?",  # s9
      "state:FL", ST("FL-56"), RX, "not less than 10 days before the treatment"),
    S("A neighbor's authorized burn jumped the line onto our pasture in Florida last spring. Under the state "
      "statute, what is the least he owes for the suppression - is there a floor amount?",  # s1
      "state:FL", ST("FL-57"), PEN, "$150"),
    S("Flicking a lit cigarette out the truck window into the pines in Florida - what grade of crime is "
      "that?",  # s9
      "state:FL", ST("FL-55"), PEN, "misdemeanor of the first degree"),
    S("Florida's neighborhood improvement district law uses the term \"defensible space\" too. What does it "
      "mean there - surely not brush clearance?",  # s8
      "state:FL", ST("FL-46"), DS, "an architectural perspective on crime prevention"),
    S("We live in Ocala, Florida and pile up a lot of palm fronds and shrub trimmings. Does Florida's burning "
      "law treat that as yard trash, and how does it define yard trash?",  # s4,s8
      "city:Ocala, FL", ST("FL-56"), BURN, "vegetative matter resulting from landscaping and yard maintenance operations"),
    # Hawaii
    S("Pursuant to Hawaii's forest fire statutes, what fine range applies to someone who sets a fire in a "
      "closed fire area without a permit?",  # s3
      "state:HI", ST("HI-66"), PEN, "not less than $250 nor more than $4,000"),
    S("What counts as a \"closed fire area\" under Hawaii law?",  # s8
      "state:HI", ST("HI-66"), BURN, "a total closure or specific burning restrictions are in effect"),
    S("Some kids set a brush fire above our neighborhood in Kahului, Maui. I'd like to know how much land has "
      "to burn before Hawaii's special arson sentencing - making them pay suppression costs - kicks in.",  # s1,s2
      "city:Kahului, HI", ST("HI-67"), PEN, "ten thousand square feet or more"),
    # Illinois
    S("Outside town limits in an Illinois intensive forest fire protection district, during which months do "
      "I need a forest fire warden's burning permit to burn brush?",  # s3
      "state:IL", ST("IL-117"), BURN, "February, March, April, October and November"),
    S("We farm near Carbondale, Illinois, in the Shawnee country. If I burn in a plowed field, how far from "
      "woodland or dry grass does the fire have to be to skip the permit?",  # s1,s7
      "city:Carbondale, IL", ST("IL-117"), BURN, "200 feet or more"),
    S("Under Illinois law, what class of offense is burning without the required permit in a forest fire "
      "protection district?",  # s3
      "state:IL", ST("IL-117"), PEN, "Class B misdemeanor"),
    # Iowa
    S("When the Iowa state fire marshal bans open burning during a drought, who has to ask for it first?",  # s9
      "state:IA", ST("IA-125"), BURN, "the chief of a local fire department, a city council or a board of supervisors"),
    S("My brother in Ames, Iowa burned leaves during a fire marshal's burn prohibition. What kind of violation "
      "is that, and would his metal trash burner have been allowed?",  # s4
      "city:Ames, IA", ST("IA-125"), PEN, "simple misdemeanor"),
    # Missouri
    S("Springfield, Missouri - not the one in Illinois. If our county commission issues a burn ban, what is the "
      "highest penalty it can carry?",  # s6
      "city:Springfield, MO", ST("MO-143"), BURN, "class A misdemeanor"),
    S("Under Missouri's Prescribed Burning Act, who approves the certification program for prescribed burn "
      "managers?",  # s3,s9
      "state:MO", ST("MO-148"), RX, "Missouri department of conservation"),
    S("Missouri law lets a county commission adopt a burn ban when the U.S. Drought Monitor puts the county in "
      "which drought categories?",  # s3
      "state:MO", ST("MO-143"), BURN, "severe, extreme, or exceptional drought"),
    # West Virginia
    S("I'm in Morgantown, West Virginia and want to burn brush this spring. When are the state's forest fire "
      "seasons?",  # s1,s9
      "city:Morgantown, WV", ST("WV-543"), BURN, "March 1 through May 31"),
    # Connecticut
    S("In Connecticut, once the State Forest Fire Warden declares high or extreme fire danger, how close to "
      "woodland or brushland am I barred from kindling a fire in the open air?",  # s3,s9
      "state:CT", ST("CT-31"), BURN, "within one hundred feet of woodland"),
    S("What penalty does Connecticut law set for lighting a fire in the open during a declared burning "
      "ban?",  # s9
      "state:CT", ST("CT-31"), PEN, "fined not more than two hundred dollars"),
    S("Who serves as Connecticut's State Forest Fire Warden - is it a separate appointed job?",  # s9
      "state:CT", ST("CT-16"), WARDEN, "Commissioner of Energy and Environmental Protection"),
    S("A town crew in Connecticut left piles of cut brush by the road for weeks. How close to a highway can "
      "that sit, and for how long, before it breaks state law?",  # s4
      "state:CT", ST("CT-29"), WARDEN, "within twenty-five feet of any highway", check=["Forest Fire Warden"]),
    S("We're in Torrington, Connecticut, and the neighbor's burn pile got away into our woodlot. Does state "
      "law make him pay for what burned on our side?",  # s1
      "city:Torrington, CT", ST("CT-42"), PEN, "shall pay to the owner all damages done by such fire", check=["damage"]),
    # Virginia
    S("Virginia's spring burning law: between February 15 and April 30, during which hours can I burn brush "
      "within 300 feet of the woods?",  # s3,s9
      "state:VA", ST("VA-384"), BURN, "between the hours of 4:00 p.m. and 12:00 midnight"),
    S("We just moved to a wooded lot outside Blacksburg, Virginia. My husband wants to burn leaves in March "
      "after lunch. Is there a time-of-day rule?",  # s1
      "city:Blacksburg, VA", ST("VA-384"), BURN, "between the hours of 4:00 p.m. and 12:00 midnight"),
    S("If a child deliberately starts a forest fire in Virginia, how much can the State Forester recover from "
      "the parents for suppression?",  # s9
      "state:VA", ST("VA-383"), PEN, "No more than $750"),
    S("What does the Code of Virginia provide as the definition of a \"prescription\" for a prescribed burn?",  # s3
      "state:VA", ST("VA-389"), RX, "a written statement defining the objectives to be attained by a prescribed burning"),
    S("Before we run a certified prescribed burn on our timber in Virginia this spring, who do we have to "
      "notify?",  # s1
      "state:VA", ST("VA-392"), RX, "The nearest regional office of the Virginia Department of Forestry"),
    S("If I tip off the authorities about an arsonist setting woods fires in Virginia, what's the most the "
      "State Forester can pay one person as a reward?",  # s9
      "state:VA", ST("VA-381"), WARDEN, "$2,000 paid to any one person"),
    # South Carolina
    S("What other name does South Carolina's Prescribed Fire Act give to a prescribed fire?",  # s8
      "state:SC", ST("SC-317"), RX, "controlled burn"),
    S("We're on a tree farm outside Aiken, South Carolina and do our own prescribed burns. If smoke from a burn "
      "causes damage, what do they have to prove before we're liable?",  # s1
      "city:Aiken, SC", ST("SC-320"), RX, "gross negligence or recklessness"),
    S("When the South Carolina State Forester bans all open burning, which fires are exempt from the ban?",  # s9
      "state:SC", ST("SC-323"), BURN, "for human warmth or for the preparation of food for immediate consumption"),
    S("For a brief I'm drafting: how does the South Carolina Forest Fire Protection Act define a forest "
      "fire?",  # s3
      "state:SC", ST("SC-311"), WARDEN, "any fire burning uncontrolled"),
    # Alabama
    S("How much does Alabama put into its Emergency Forest Fire, Insect and Disease Fund each year, and what is "
      "the ceiling?",  # s4,s9
      "state:AL", ST("AL-2"), WARDEN, "two hundred fifty thousand dollars ($250,000)"),
]


# ---------------------------------------------------------------------------- plains and western statutes
WEST_STATUTES = [
    # Nebraska
    S("Nebraska has a statewide open burning ban on the books. What kinds of fires does it cover?",  # s9
      "state:NE", ST("NE-161"), BURN, "all bonfires, outdoor rubbish fires, and fires for the purpose of clearing land"),
    S("Our volunteer department outside Kearney, Nebraska wants to charge for burn permits. Is there a cap on "
      "what a local fire department can charge per permit?",  # s1
      "city:Kearney, NE", ST("NE-161"), BURN, "not to exceed ten dollars"),
    S("What class of misdemeanor is it to violate Nebraska's statewide open burning ban?",  # s9
      "state:NE", ST("NE-162"), PEN, "Class IV misdemeanor"),
    S("Under Nebraska's Wildfire Control Act of 2013, what does the emergency management agency have to "
      "contract for, and by what date each year does it report on deployments?",  # s3,s4
      "state:NE", ST("NE-168"), WARDEN, "one single-engine air tanker", check=["wildfire"]),
    S("Nebraska's legislature wrote down why its wildfires got worse. Which invasive tree does the Wildfire "
      "Control Act single out?",  # s2
      "state:NE", ST("NE-167"), WARDEN, "Eastern Red Cedar trees", check=["wildfire"]),
    S("Which office houses Nebraska's Wildland Incident Response Assistance Team for administrative "
      "purposes?",  # s9
      "state:NE", ST("NE-172"), WARDEN, "office of the State Fire Marshal", check=["wildland fire"]),
    # South Dakota
    S("On the edge of the Black Hills outside Rapid City, South Dakota, we want to burn a slash pile. Whose "
      "permit do we need inside the Black Hills Forest Fire Protection District?",  # s1,s7
      "city:Rapid City, SD", ST("SD-339"), BURN, "Department of Public Safety or from the United States Forest Service"),
    S("Under South Dakota law, what is starting an open fire without a permit in the Black Hills Forest Fire "
      "Protection District classed as?",  # s3
      "state:SD", ST("SD-339"), PEN, "Class 2 misdemeanor"),
    S("How far outside the Black Hills Forest Fire Protection District boundary does South Dakota's ban on "
      "using fireworks extend?",  # s9
      "state:SD", ST("SD-344"), RESTR, "three hundred feet beyond the exterior boundaries", check=["fireworks"]),
    S("A South Dakota county can restrict fireworks when the grassland fire danger index hits extreme - but "
      "only during which summer window?",  # s9
      "state:SD", ST("SD-345"), RESTR, "June twentieth to July second", check=["fire danger"]),
    S("A logger left untreated slash behind on a harvest in South Dakota. At what size of operation does "
      "that become a public nuisance under state law?",  # s1
      "state:SD", ST("SD-332"), PEN, "ten acres or more"),
    S("If the South Dakota state wildland fire coordinator helps our county with a range fire, when does the "
      "county have to reimburse the state?",  # s9
      "state:SD", ST("SD-358"), WARDEN, "more than six state employees and more than two vehicles", check=["wildland fire"]),
    S("Who does South Dakota's state fire marshal have to consult before restricting open burning in a "
      "county?",  # s9
      "state:SD", ST("SD-336"), BURN, "the Governor and the affected board of county commissioners"),
    # New Mexico
    S("We run cattle near Roswell, New Mexico and planned a prescribed burn for the spring. Is there any "
      "weather warning that flat-out bars starting it under state law?",  # s1
      "city:Roswell, NM", ST("NM-270"), RFW, "red flag warning"),
    S("Under New Mexico's Prescribed Burning Act, what is a landowner who is not a certified burn manager "
      "liable for if a negligent burn damages a neighbor's property?",  # s3
      "state:NM", ST("NM-271"), RX, "double damages"),
    S("In New Mexico, what is \"improper handling of fire\" graded as - leaving a campfire unattended on "
      "someone else's land, for instance?",  # s9
      "state:NM", ST("NM-231"), PEN, "petty misdemeanor"),
    S("What's the prison exposure in New Mexico for willfully setting fire to grass or timber on state "
      "lands?",  # s9
      "state:NM", ST("NM-226"), PEN, "imprisoned for not more than two years"),
    S("How does New Mexico's Forest Conservation Act define \"suppression\"?",  # s8
      "state:NM", ST("NM-256"), WARDEN, "all of the activities to extinguish, limit or contain forest fire spread"),
    S("Our village council in Taos, New Mexico wants to restrict fireworks for the Fourth because of drought. "
      "How long does such a proclamation last, and how far ahead of the holiday must it go out?",  # s4
      "city:Taos, NM", ST("NM-243"), RESTR, "effective for thirty days", check=["fireworks"]),
    S("My house in Mora County burned in the 2022 fire and we're rebuilding on the same lot. What's the most "
      "New Mexico's home fire recovery income tax credit pays per home?",  # s1
      "county:Mora, NM", ST("NM-279"), RECOVERY, "fifty thousand dollars ($50,000)"),
    # Washington
    S("Under Washington's forest protection law, when does the closed season run unless DNR changes the "
      "dates?",  # s3
      "state:WA", ST("WA-489"), BURN, "April 15th and October 15th"),
    S("We got a DNR burning permit for our slash piles in Washington. For it to be valid, who has to sign "
      "it?",  # s1
      "state:WA", ST("WA-508"), BURN, "signed by both the department and the permittee"),
    S("A mill near our place in Port Angeles, Washington keeps dumping bark and debris in the woods. What is "
      "dumping mill waste without a DNR permit graded as?",  # s1
      "city:Port Angeles, WA", ST("WA-509"), PEN, "gross misdemeanor"),
    S("We farm outside Walla Walla, Washington. If we apply for a permit to burn for weed abatement, how fast "
      "must the application be acted on?",  # s1,s9
      "city:Walla Walla, WA", ST("WA-479"), BURN, "within seven days"),
    S("If DNR in Washington has to abate an extreme fire hazard itself because the landowner wouldn't, how "
      "much can it recover from the owner?",  # s9
      "state:WA", ST("WA-525"), PEN, "twice the actual cost"),
    S("In Washington, who actually carries out the wildfire evacuation strategies that DNR helps plan?",  # s9
      "state:WA", ST("WA-504"), EVAC, "local law enforcement"),
    S("What protection from liability does Washington give a certified prescribed burn manager - what would "
      "someone have to prove?",  # s3
      "state:WA", ST("WA-502"), RX, "gross negligence or willful or wanton misconduct"),
    S("Where Washington's building code adopts the wildland urban interface provisions, what roof rating is "
      "required?",  # s9
      "state:WA", ST("WA-411"), WUI, "class A rating"),
    S("What are \"Smokey Bear license plates\" under the Revised Code of Washington?",  # s8
      "state:WA", ST("WA-443"), WARDEN, "special license plates", check=["wildfire"]),
    S("We live in Bellingham, Washington, inside the urban growth area. Before DNR issues a burn permit there "
      "for a really big pile, at what tonnage must it consult Ecology?",  # s1
      "city:Bellingham, WA", ST("WA-471"), BURN, "one hundred tons of material"),
]


# ------------------------------------------------ a second state named for contrast; the asked state holds nothing
CONTRAST = [
    S("Virginia only lets you burn brush in spring after 4 p.m. What's the rule just across the Potomac in "
      "Maryland - any time-of-day restriction on burning there?",  # s5
      "state:MD", ST("VA-384"), BURN),
    S("Connecticut's environmental protection commissioner doubles as the State Forest Fire Warden. Who holds "
      "that role in Massachusetts?",  # s5
      "state:MA", ST("CT-16"), WARDEN),
    S("My cousin in West Virginia says they have set forest fire seasons in spring and fall when burning is "
      "restricted. Here in Kentucky, when are our fire seasons?",  # s5
      "state:KY", ST("WV-543"), BURN),
    S("Illinois wants a warden's permit to burn brush in the spring months. I live across the Wabash in "
      "Indiana - do we need anything similar?",  # s5
      "state:IN", ST("IL-117"), BURN),
    S("Missouri shields certified prescribed burn managers from liability unless they're negligent. Does "
      "Arkansas law give prescribed burners the same protection?",  # s5
      "state:AR", ST("MO-148"), RX),
    S("Connecticut bans open fires within 100 feet of woods when fire danger is high. Does New York have a "
      "statewide rule like that?",  # s5
      "state:NY", ST("CT-31"), BURN),
    S("North Carolina makes it illegal to fly a drone near a forest fire. Is that also against the law in "
      "South Carolina?",  # s5
      "state:SC", ST("NC-294"), DRONES, check=["drone|unmanned aircraft"]),
    S("Nebraska has a statewide open burning ban unless the fire chief waives it. My farm is just over the "
      "line in North Dakota - is there a statewide ban like that here?",  # s5
      "state:ND", ST("NE-161"), BURN),
    S("We used to live in Florida, where you need the Forest Service's authorization to pile burn. We moved "
      "to a place outside Columbus, Ohio. Who would authorize burning a brush pile in Ohio?",  # s5,s1
      "city:Columbus, OH", ST("FL-56"), BURN),
    S("Under Delaware law, are prescribed burns deemed to be in the public interest, the way New Jersey's "
      "statute declares them?",  # s3,s5
      "state:DE", ST("NJ-208"), RX),
    S("Pennsylvania neighbors tell me Maryland has no fire warden system like Virginia's forest wardens. What "
      "duties do forest wardens have in Maryland, if any?",  # s5
      "state:MD", ST("VA-379"), WARDEN, check=["forest warden|fire warden"]),
    S("Hawaii fines people up to $4,000 for setting fires in closed fire areas. What does Massachusetts fine "
      "for illegal outdoor burning?",  # s5
      "state:MA", ST("HI-66"), PEN),
    S("I'm moving from Aiken, South Carolina to Lexington, Kentucky. South Carolina's Prescribed Fire Act "
      "covered our burns; what's the law on prescribed fire in Kentucky?",  # s5
      "city:Lexington, KY", ST("SC-317"), RX),
    S("In New Mexico a prescribed burn can't be started under a red flag warning. Is there anything like that "
      "for controlled burns in Arkansas?",  # s5
      "state:AR", ST("NM-270"), RFW),
    S("Washington's building code pulls in parts of the International Wildland Urban Interface Code. Has "
      "Ohio adopted anything like a wildland-urban interface code?",  # s5
      "state:OH", ST("WA-411"), WUI),
]


# ---------------------------------------------------------------- no place: general concepts the corpus explains
CONCEPTS = [
    S("Fire updates keep switching between saying a fire is \"contained\" and \"controlled\". I'd like to "
      "understand when a fire counts as contained.",  # s2,s8
      None, IW(323532), CONT, "no longer expected to spread"),
    S("And when is a wildfire considered controlled, as opposed to just contained?",  # s8
      None, IW(323532), CONT, "all hot spots are out"),
    S("Some fire pages report \"completion\" instead of percent containment. How is completion "
      "calculated?",  # s9
      None, IW(321095), CONT, "Completion is calculated based on the amount of work"),
    S("The forest service keeps announcing pile burning every winter. Pile burning means what, exactly?",  # s8
      None, IW(291567), RX, "a type of prescribed fire that helps remove woody debris"),
    S("My neighbors are upset about the forest's planned burns. How would you define a prescribed fire in plain "
      "terms?",  # s1,s8
      None, IW(316082), RX, "a planned fire used to accomplish management objectives"),
    S("Why do crews bother with mop-up after a fire stops spreading? What are they actually doing?",  # s4
      None, IW(327674), CONT, "firefighters extinguish hot spots to prevent reignition", check=["mop-up"]),
    S("After a big fire on national forest land, a BAER team shows up. What is that team assessing?",  # s9
      None, IW(319699), RECOVERY, "immediate risks to human life and safety"),
    S("Our sheriff uses a three-level evacuation system. What does a Level 3 notice tell people to do?",  # s1,s8
      None, IW(322216), EVAC, "GO NOW"),
    S("Under the Ready, Set, Go evacuation levels, what is Level 2 called?",  # s9
      None, IW(322216), EVAC, "GET SET"),
    S("I keep hearing CAL FIRE mention \"Ready, Set, Go.\" Is that a website or a program, and what does it "
      "show homeowners?",  # s4
      None, "calfire:14ad161c-bfc6-41ae-af84-a464084a4142", DS,
      "step-by-step instructions for hardening their homes", check=["Ready, Set, Go"]),
    S("Is it true the Forest Service just lets wilderness fires burn? I've heard people call them "
      "\"let burn\" fires.",  # s2
      None, IW(319743), AGENCY, "does not have a policy termed as", check=["let burn"]),
    S("Fire managers sometimes say they are using a \"confine\" strategy instead of full suppression. "
      "Confine means what, in wildfire terms?",  # s8
      None, IW(320328), CONT, "restricting a wildfire to a defined area", check=["confine"]),
    S("Why shouldn't I put my drone up to film a wildfire from a safe distance?",  # s2
      None, IW(317296), DRONES, "drones and firefighting aircraft are a dangerous mix"),
    S("What can happen to a hobbyist who flies a drone into the temporary flight restriction over a "
      "wildfire?",  # s9
      None, IW(317826), DRONES, "could face serious criminal charges"),
    S("After the crews leave, fire reports mention suppression repair. What does suppression repair "
      "include?",  # s9
      None, "calfire:b604ffa7-8cee-4724-bb82-f1f4553a192f", RECOVERY, "erosion mitigation measures, like waterbars",
      check=["suppression repair"]),
    S("Why do agencies warn people to stay away from recently burned slopes when it rains?",  # s2
      None, IW(317087), OTHER, "prone to flash flooding and debris flows"),
    S("Under the Southeastern Interstate Forest Fire Protection Compact, who acts as each member state's "
      "compact administrator?",  # s3,s9
      None, ST("FL-59"), WARDEN, "the state forester or officer holding the equivalent position"),
    S("Which states are named as possible members of the Northeastern Interstate Forest Fire Protection "
      "Compact, besides Connecticut - and can Canadian provinces join?",  # s4
      None, ST("CT-33"), WARDEN, "Maine, Massachusetts, New Hampshire, New York, Rhode Island and Vermont"),
    S("The Interstate Inmate Firefighter Compact talks about a \"fire suppression unit.\" How is that "
      "defined?",  # s8
      None, ST("ID-86"), WARDEN, "a group of inmates selected by the sending states"),
    S("Who developed the Firewise communities program that so many HOAs sign up for?",  # s9
      None, ST("WA-428"), DS, "national fire protection association"),
    S("What's the 1924 federal law that has long paid states to protect forests from fire?",  # s9
      None, ST("ID-82"), WARDEN, "Clarke-McNary act"),
    S("What is a prescribed fire supposed to do, ecologically? I'd like the agencies' own description.",  # s2
      None, "inciweb:316511", RX, "mimic the natural role of fire in the environment"),
]

# ---------------------------------------------------- no place: terms, programmes and apps the corpus does not hold
ABSENT_TERMS = [
    S("Does an atmospheric river in the winter actually end fire season, or just delay it?",  # s4
      None, [], OTHER, check=["atmospheric river"]),
    S("is a haboob dangerous to drive through",  # s2
      None, [], OTHER, check=["haboob"]),
    S("Can a derecho knock down enough trees to create a wildfire hazard the following summer?",  # s4
      None, [], OTHER, check=["derecho"]),
    S("I saw a video of a firenado. How does a fire tornado form?",  # s1
      None, [], OTHER, check=["firenado|fire tornado"]),
    S("what does the haines index measure",  # s8
      None, [], RFW, check=["haines"]),
    S("How is a pulaski used on a fire line, and who invented it?",  # s4
      None, [], CONT, check=["pulaski"]),
    S("Is a mcleod the same thing as a rake?",  # s8
      None, [], CONT, check=["mcleod"]),
    S("Can a US neighborhood get FireSmart recognition the way Canadian ones do?",  # s5
      None, [], DS, check=["firesmart"]),
    S("How do I sign up for Nixle alerts about wildfires?",  # s9
      None, [], EVAC, check=["nixle"]),
    S("What is Zonehaven and who runs it?",  # s9
      None, [], EVAC, check=["zonehaven"]),
    S("Who operates the AlertWildfire camera network?",  # s9
      None, [], AGENCY, check=["alert ?wildfire"]),
    S("what is a washoe zephyr",  # s8
      None, [], RFW, check=["zephyr"]),
    S("Sundowner winds are blamed for a lot of fires. When do they blow?",  # s9
      None, [], RFW, check=["sundowner"]),
    S("What are diablo winds and how do they differ from Santa Anas?",  # s4
      None, [], RFW, check=["diablo winds?"]),
    S("What does a kona low do to fire weather?",  # s2
      None, [], RFW, check=["kona"]),
    S("How does a pyrocumulonimbus cloud form over a wildfire?",  # s9
      None, [], OTHER, check=["pyrocumulonimbus|pyro-?cb"]),
    S("Does a blizzard warning come from the same forecast office that issues red flag warnings?",  # s4
      None, [], RFW, check=["blizzard"]),
    S("should i test my basement for radon if the house is near an old burn scar",  # s2
      None, [], OTHER, check=["radon"]),
    S("What does the Fire Adapted Communities Learning Network offer a small town?",  # s9
      None, [], DS, check=["fire adapted communit"]),
    S("How do I apply for a Wildfire Partners home assessment?",  # s9
      None, [], DS, check=["wildfire partners"]),
    S("What is Zone 0, the ember-resistant zone right next to the house?",  # s8
      None, [], DS, check=["zone 0|zone zero|ember.resistant zone"]),
    S("Does a heat dome make wildfires more likely?",  # s2
      None, [], OTHER, check=["heat dome"]),
]


# ---------------------------------------------------------------------------- Montana and Wyoming (InciWeb)
ROCKIES = [
    S("Butte, Montana got a scare in July 2024 with the Blacktail Canyon Fire just southeast of town. What "
      "afternoon was it reported?",  # s10
      "city:Butte, MT", IW(318404), START, "the afternoon of July 19th"),
    S("We were evacuated from our place near Canyon Ferry Lake for the Horse Gulch Fire in Lewis and Clark "
      "County, Montana in 2024. When were the evacuation warnings finally lifted?",  # s1,s7
      "county:Lewis and Clark, MT", IW(317962), EVAC, "6 PM on 7/18/24"),
    S("How far from White Sulphur Springs, Montana was the Black Canyon Fire of August 2024?",  # s9
      "city:White Sulphur Springs, MT", IW(319941), START, "30 miles NW of White Sulphur Springs"),
    S("Plains, Montana - the little town in Sanders County, not the Great Plains. When was the Banana Lake "
      "Fire north of town first discovered in 2025?",  # s6
      "city:Plains, MT", IW(323488), START, "Saturday, May 31 at 4:25 p.m."),
    S("Twenty miles north of Helena, Montana, near the Gates of the Mountains on I-15, the Hilger Valley Fire "
      "started in June 2025. What day and time was it discovered?",  # s7
      "city:Helena, MT", IW(323520), START, "Monday, June 9 at 2:10 p.m."),
    S("Lincoln, Montana - not the Nebraska capital. On the 2025 Sucker Creek Fire north of town, how far in "
      "from the perimeter were crews mopping up?",  # s6
      "city:Lincoln, MT", IW(324651), CONT, "two chains (132 feet)", check=["mop up"]),
    S("I'd like to know how many acres the Horn Fire covered in southwest Montana in August 2025, and what "
      "caused it.",  # s2,s4
      "county:Beaverhead, MT", IW(325197), ACRES, "2,800 acres"),
    S("Just outside Yellowstone's west entrance, northwest of West Yellowstone, Montana, the West Fork Fire "
      "burned in the South Madisons in 2025. When did it start?",  # s7
      "city:West Yellowstone, MT", IW(325460), START, "8/19/2025"),
    S("Virginia City, Montana - not the one in Nevada. The Bivens Creek Fire north of town in 2025: when was "
      "it reported?",  # s6
      "city:Virginia City, MT", IW(325230), START, "August 13, 2025"),
    S("The Windy Rock Fire in Powell County, Montana, in the Hoodoo Mountain Wilderness Study Area in 2025 - "
      "what ignited it?",  # s10
      "county:Powell, MT", IW(325259), CAUSE, "Lightning ignited the Windy Rock Fire"),
    S("Hamilton, Montana residents watched two fires southeast of town in 2024, Railroad and Daly. When did "
      "the Railroad Fire begin?",  # s4
      "city:Hamilton, MT", IW(320719), START, "July 25th"),
    # warn: the state asked, a county's report the evidence
    S("Montana's Sheep Creek Fire in the fall of 2024 - was it a fresh start or a holdover?",  # s10
      "state:MT", IW(322025), CAUSE, "hold-over from lightning"),
    S("A friend in Idaho asked about the fires back home in Montana in 2025. I told her about the Horn Fire "
      "but couldn't remember how big it got - how many acres was Montana's Horn Fire?",  # s5
      "state:MT", IW(325197), ACRES, "2,800 acres"),
    # abstain: fires the corpus does not hold
    S("My grandfather used to talk about the Mann Gulch Fire north of Helena in Lewis and Clark County, "
      "Montana. How many smokejumpers died in it?",  # s1
      "county:Lewis and Clark, MT", [], STRUCT, check=["Mann Gulch"]),
    S("Is there anything left to see from the 1910 Big Burn around Mineral County, Montana? How many acres did "
      "that fire cover?",  # s4
      "county:Mineral, MT", [], ACRES, check=["Big Burn|Great Fire of 1910|Big Blowup"]),
    # Wyoming
    S("On the North Fork Highway toward Yellowstone's east entrance, the Clearwater Fire burned in Park "
      "County, Wyoming in 2024. What caused it?",  # s7
      "county:Park, WY", IW(318705), CAUSE, "caused by lightning"),
    S("Teton County, Wyoming, out past Moran toward Togwotee Pass: when was the 2024 Pack Trail Fire "
      "discovered?",  # s7
      "county:Teton, WY", IW(322096), START, "September 15, 2024"),
    S("Dayton, Wyoming - not Dayton, Ohio. The Elk Fire on the Bighorn National Forest in 2024: when was it "
      "detected, and when was it declared out?",  # s6,s4
      "city:Dayton, WY", IW(322081), START, "Friday, September 27, 2024"),
    S("Could you tell me who confirmed the cause of the Beaver Dam Fire on the Medicine Bow National Forest in "
      "Carbon County, Wyoming, in July 2025?",  # s2
      "county:Carbon, WY", IW(323798), CAUSE, "USFS Law Enforcement & Investigations"),
    S("We ranch south of Ten Sleep, Wyoming. When was the Vees Fire reported in 2025?",  # s1
      "city:Ten Sleep, WY", IW(324676), START, "Saturday, July 26, 2025"),
    S("Lander, Wyoming: do we know yet what caused the 2026 Weiser Knoll Fire southeast of town?",  # s9
      "city:Lander, WY", IW(330197), CAUSE, "under investigation"),
    S("Under Wyoming law, what can the state forester require a timber buyer to post to guarantee the slash "
      "gets disposed of?",  # s3
      "state:WY", ST("WY-553"), WARDEN, "a slash deposit or performance bond"),
]

# ---------------------------------------------------------------------------- Washington (InciWeb)
WASHINGTON = [
    S("Klickitat County, Washington had the Big Horn Fire in July 2024. What date and time did it begin?",  # s9
      "county:Klickitat, WA", IW(318689), START, "July 22, 2024, at 1:07 PM"),
    S("We live west of Cheney, Washington out by Tyler, and the South Columbia Basin Fire came close in 2024. "
      "When was it first reported?",  # s1
      "city:Cheney, WA", IW(318872), START, "Friday, July 26th, at 1:39 p.m."),
    S("During the 2024 Swawilla Fire, what happened to the evacuation level for the town of Keller, "
      "Washington?",  # s10
      "city:Keller, WA", IW(318451), EVAC, "Level 3 evacuations were lowered to Level 2"),
    S("The Pioneer Fire northwest of Chelan, Washington started on private land in June 2024. Was it thought "
      "to be human-caused?",  # s10
      "city:Chelan, WA", IW(317502), CAUSE, "suspected to have been human-caused"),
    S("My brother farms north of Omak, Washington, close to where the Greenacres Fire burned in 2025. How "
      "many acres did it burn?",  # s1
      "city:Omak, WA", IW(324177), ACRES, "921"),
    S("I'm writing about the Hope Fire north of Kettle Falls, Washington in July 2025. Has its cause been "
      "determined?",  # s2
      "city:Kettle Falls, WA", IW(323932), CAUSE, "under investigation"),
    S("Along the Columbia near Bingen, Washington, the Burdoin Fire broke out in July 2025. Do we know what "
      "caused it?",  # s7
      "city:Bingen, WA", IW(324315), CAUSE, "undetermined"),
    S("In the Methow Valley just east of Winthrop, Washington, the Stud Horse Fire took off in 2025. Who "
      "issued the evacuation notices?",  # s7,s9
      "city:Winthrop, WA", IW(324789), EVAC, "Okanogan County"),
    S("Up the Lake Cushman corridor near the Mt. Rose Trailhead in Mason County, Washington, the Bear Gulch "
      "Fire started in July 2025. Was it lightning or people?",  # s7
      "county:Mason, WA", IW(323914), CAUSE, "human-caused"),
    S("In North Cascades National Park, west of Ross Lake, the Perry Fire started after storms in 2025. When "
      "was it reported and what caused it?",  # s4,s7
      "county:Whatcom, WA", IW(326144), CAUSE, "lightning-caused"),
    # abstain
    S("We lived in Okanogan County, Washington when the Okanogan Complex burned in 2015. How many acres did "
      "that complex burn?",  # s1
      "county:Okanogan, WA", [], ACRES, check=["Okanogan Complex"]),
]

# ---------------------------------------------------------------------------- the Southwest and Colorado (InciWeb)
SOUTHWEST = [
    S("The Refuge Fire up on the Imperial National Wildlife Refuge, forty miles north of Yuma, Arizona, in "
      "May 2024 - what started it?",  # s7
      "city:Yuma, AZ", IW(317372), CAUSE, "human-caused"),
    S("Near the Grand Canyon's south entrance, east of Tusayan, Arizona along the Coconino Rim, the Lockett "
      "Fire burned in 2024. When did it start?",  # s7
      "city:Tusayan, AZ", IW(317823), START, "June 29"),
    S("Payson, Arizona folks: the Pius Fire northeast of town in July 2024 - when was it detected?",  # s9
      "city:Payson, AZ", IW(317936), START, "12:31 p.m. on July 8, 2024"),
    S("Pinal County, Arizona had the Freeman Fire in July 2024. How big was it at full containment, and what "
      "started it?",  # s4
      "county:Pinal, AZ", IW(318032), ACRES, "32,568 acres"),
    S("We drive through Congress, Arizona on the way to Prescott. The Waterman Fire northwest of Congress in "
      "2024 - was that lightning?",  # s1
      "city:Congress, AZ", IW(318779), CAUSE, "lightning caused"),
    S("Fountain Hills, Arizona - between the Verde River and Highway 87 there was the Sand Stone Fire in July "
      "2024. What day did it start?",  # s7
      "city:Fountain Hills, AZ", IW(318923), START, "Thursday, July 25th"),
    S("Pine, Arizona had two lightning fires four miles northeast of town in 2024, the West and Preacher "
      "fires. What strategy were they managed under?",  # s10
      "city:Pine, AZ", IW(321014), CONT, "confine and contain strategy"),
    S("Under Arizona law, may a city or town adopt a wildland-urban interface code?",  # s3
      "state:AZ", ST("AZ-5"), WUI, "may adopt a current wildland-urban interface code"),
    S("Our family was in Tucson for the Bighorn Fire on the Catalinas in 2020. How many acres did it "
      "burn?",  # s1
      "city:Tucson, AZ", [], ACRES, check=["Bighorn Fire"]),
    S("Superstition Wilderness in Pinal County, Arizona: what caused the 2019 Woodbury Fire?",  # s7
      "county:Pinal, AZ", [], CAUSE, check=["Woodbury"]),
    # New Mexico
    S("Along Highway 64 southwest of Dulce, New Mexico, the Mestenas Canyon Fire burned in 2024. What started "
      "it?",  # s7
      "city:Dulce, NM", IW(318243), CAUSE, "lightning-caused"),
    S("Cuba, New Mexico - not the island. Was the 2024 Tanques Fire north of town started by lightning or "
      "by people?",  # s6
      "city:Cuba, NM", IW(318782), CAUSE, "lightning-caused wildfire"),
    S("We're in Ruidoso, New Mexico, and are nervous after the South Fork Fire. When was the Blue Front Fire "
      "northwest of town detected in 2024?",  # s1
      "city:Ruidoso, NM", IW(322712), START, "Monday, October 28, 2024"),
    S("Who first spotted the Fisher Fire in the San Mateo Mountains of Socorro County, New Mexico, in July "
      "2024?",  # s9
      "county:Socorro, NM", IW(317835), START, "Mt Withington Lookout Tower"),
    S("In Torrance County, New Mexico, the Ox Fire started in March 2025 near Mountainair. Was a cause "
      "listed?",  # s10
      "county:Torrance, NM", IW(323134), CAUSE, "Undetermined"),
    S("Which team took command of the Panther Fire in Grant County, New Mexico, in July 2025?",  # s9
      "county:Grant, NM", IW(323826), AGENCY, "Gila Las Cruces Type 3 Incident Management Team"),
    S("Sandoval County, New Mexico: the Las Conchas Fire in 2011 burned toward Los Alamos. How many acres did "
      "it burn?",  # s10
      "county:Sandoval, NM", [], ACRES, check=["Las Conchas"]),
    S("I'd like to know how many homes in Los Alamos, New Mexico the Cerro Grande Fire destroyed in "
      "2000.",  # s2
      "city:Los Alamos, NM", [], STRUCT, check=["Cerro Grande"]),
    # Utah
    S("Three miles west of Marysvale, Utah on the Fishlake National Forest, the Silver King Fire started in "
      "July 2024. What was the cause?",  # s7
      "city:Marysvale, UT", IW(317915), CAUSE, "due to a lightning strike"),
    S("Hatch, Utah: when did the France Canyon Fire on the Dixie National Forest start in 2025?",  # s9
      "city:Hatch, UT", IW(323552), START, "June 11th at approximately 3 p.m. MST"),
    S("My in-laws live up in Pine Valley north of St. George, Utah. Was the 2025 Forsyth Fire lightning or "
      "human?",  # s1
      "city:St. George, UT", IW(323642), CAUSE, "lightning caused"),
    S("La Sal, Utah, in San Juan County - when did the Deer Creek Fire ignite in 2025?",  # s9
      "city:La Sal, UT", IW(324050), START, "the afternoon of July 10, 2025"),
    S("Eureka, Utah - the old mining town in Juab County, not Eureka, California. When was the 2026 Iron "
      "Fire reported?",  # s6
      "city:Eureka, UT", IW(328135), START, "late on the evening of Friday, June 19"),
    S("Was there a red flag warning in Grand County, Utah when the Snyder Fire started in June 2026?",  # s10
      "county:Grand, UT", IW(328324), RFW, "during a Red Flag Warning"),
    S("About 25 miles southwest of Monticello, Utah, the Babylon Fire began in 2026. What date?",  # s7,s9
      "city:Monticello, UT", IW(328260), START, "Friday, June 26, 2026"),
    S("Pursuant to Utah's statutes on state lands, is there a provision dealing with unmanned aircraft near "
      "wildland fires?",  # s3
      "state:UT", ST("UT-367"), DRONES, check=["unmanned aircraft"]),
    # Colorado
    S("Dolores, Colorado - the Spruce Creek Fire northeast of town in May 2024. What started it?",  # s9
      "city:Dolores, CO", IW(317286), CAUSE, "started by lightning"),
    S("Near Redlands Mesa, east of Cedaredge, Colorado, the Currant Creek Fire broke out in 2024. When was "
      "it first reported?",  # s7
      "city:Cedaredge, CO", IW(318988), START, "July 27th at 2 PM"),
    S("We live in Nucla, Colorado. When did the 2024 Bucktail Fire get reported?",  # s1
      "city:Nucla, CO", IW(319283), START, "approximately 11:20 a.m. Thursday, August 1"),
    S("West of Loveland, Colorado, north of Highway 34, the Alexander Mountain Fire started in July 2024. "
      "What day did it begin?",  # s7
      "city:Loveland, CO", IW(319276), START, "Monday, July 29, 2024"),
    S("Durango, Colorado - not Durango, Mexico. How did the 2025 Elkhorn Fire north of town begin?",  # s6
      "city:Durango, CO", IW(324675), CAUSE, "began as a structure fire"),
    S("Out on Oak Mesa near Hotchkiss, Colorado, the Leroux Fire was called in during August 2025. At what "
      "time?",  # s7
      "city:Hotchkiss, CO", IW(324863), START, "approximately 2:30 PM on Sunday, August 3rd"),
    S("Yampa, Colorado - the Crosho Fire northwest of town in 2025: what date was it reported?",  # s9
      "city:Yampa, CO", IW(325134), START, "August 11, 2025"),
    S("We hike out of Leadville, Colorado, and the trails west of town were closed by the Willow Fire in "
      "2026. When did that fire start?",  # s1
      "city:Leadville, CO", IW(328323), START, "June 28, 2026"),
    S("How many acres did the Sowbelly Fire in the Dominguez Canyon Wilderness, Colorado, grow to in "
      "2025?",  # s7,s9
      "county:Delta, CO", IW(323988), ACRES, "2,274 acres"),
    # warn: the state asked, a county's report the evidence
    S("How many acres had Colorado's Alexander Mountain Fire been mapped at by the evening of July 31, "
      "2024?",  # s9
      "state:CO", IW(319071), ACRES, "7,648 acres"),
    # abstain: fires the corpus does not hold
    S("We moved to Colorado Springs after the Waldo Canyon Fire. How many homes did it burn in 2012?",  # s1
      "city:Colorado Springs, CO", [], STRUCT, check=["Waldo Canyon"]),
    S("Black Forest, up in El Paso County, Colorado, lost hundreds of homes in 2013. Was the cause of the "
      "Black Forest Fire ever determined?",  # s10
      "county:El Paso, CO", [], CAUSE, check=["Black Forest"]),
    S("When the Grizzly Creek Fire closed Glenwood Canyon in Garfield County, Colorado, in 2020, how long was "
      "I-70 shut?",  # s7
      "county:Garfield, CO", [], CLOSURES, check=["Grizzly Creek"]),
]

# ---------------------------------------------------------------------------- Texas (InciWeb)
TEXAS = [
    S("Anson, Texas, the county seat of Jones County: how far from town did the Nugent Complex ignite in "
      "2024?",  # s9
      "city:Anson, TX", IW(319685), START, "approximately 13 miles southeast of Anson"),
    S("Throckmorton, Texas - the Paint Crossing Fire southwest of town: what date did it start?",  # s9
      "city:Throckmorton, TX", IW(319684), START, "August 7th, 2024"),
    S("Vernon, Texas - not Vernon, Connecticut. When did the Midway Pasture Fire south of town start in "
      "2024?",  # s6
      "city:Vernon, TX", IW(320223), START, "August 15th, 2024"),
    S("Pampa, Texas: what time did the Combs Fire start just southeast of town in 2025?",  # s9
      "city:Pampa, TX", IW(323062), START, "approximately 8:00 PM"),
    S("North of Sinton, Texas, the Welder Complex started in March 2025. On what date?",  # s9
      "city:Sinton, TX", IW(323069), START, "March 4th"),
    S("A 2025 fire in San Saba County, Texas started near Richland Springs. Where did it start - I heard it "
      "was in an orchard?",  # s2
      "county:San Saba, TX", IW(323108), START, "started in a pecan orchard"),
    S("During the Blue Hills Fire in Moore County, Texas, in February 2025, who was evacuated?",  # s10
      "county:Moore, TX", IW(323005), EVAC, "campgrounds at Lake Meredith National Park"),
    S("In Bastrop County, Texas, when was Texas A&M Forest Service asked to help on the 2024 Hudson "
      "Fire?",  # s9
      "county:Bastrop, TX", IW(322772), AGENCY, "approximately 1:30 p.m. on November 3, 2024", check=["Forest Service"]),
    # warn: the state asked, a county's report the evidence
    S("How big was Texas's Rest Area Fire in Gray County first estimated to be in March 2025?",  # s9
      "state:TX", IW(323114), ACRES, "1,000 acres"),
    # abstain
    S("The Smokehouse Creek Fire started near Stinnett in Hutchinson County, Texas in February 2024. How many "
      "acres did it burn?",  # s10
      "county:Hutchinson, TX", [], ACRES, check=["Smokehouse"]),
    S("Fort Davis, Texas, in the Davis Mountains, had the Rock House Fire in April 2011. What caused it?",  # s7
      "city:Fort Davis, TX", [], CAUSE, check=["Rock House"]),
]


# -------------------------------------------------------------- the North, Plains, Southeast and Alaska (InciWeb)
NORTH_AND_EAST = [
    S("On an island in Wood Lake in the Boundary Waters, Lake County, Minnesota, a fire was found in September "
      "2024. What day and time was it detected?",  # s7
      "county:Lake, MN", IW(321434), START, "Tuesday, September 10, 2024, around 11:00 a.m."),
    S("The Evergreen Forest Fire east of Pine City, Minnesota in October 2024 - was there a red flag warning "
      "around the time it started?",  # s10
      "city:Pine City, MN", IW(322603), RFW, "extreme red flag warning"),
    S("Hoyt Lakes, Minnesota - the Jenkins Creek Fire southeast of town in May 2025: when did it "
      "ignite?",  # s9
      "city:Hoyt Lakes, MN", IW(323351), START, "Monday, May 12, 2025, around 11:00 a.m."),
    S("Ely, Minnesota - not Ely, Nevada. Back in 2011 the Pagami Creek Fire burned in the Boundary Waters near "
      "town. How many acres did it burn?",  # s6
      "city:Ely, MN", [], ACRES, check=["Pagami"]),
    S("I write for a Wisconsin paper and am comparing fire seasons with our neighbor. How big had "
      "Minnesota's Evergreen Forest Fire been mapped at in October 2024?",  # s5
      "state:MN", IW(322603), ACRES, "167 acres"),
    # Alaska
    S("Thirty miles northeast of Fairbanks along Highway 2, the Grapefruit Complex burned in 2024. What "
      "started those fires, and when?",  # s4,s7
      "city:Fairbanks, AK", IW(317780), CAUSE, "Lightning strikes"),
    S("In the Fairbanks North Star Borough, the McDonald Fire burned in a military fire management zone in "
      "2024. Who manages that zone?",  # s9
      "county:Fairbanks North Star, AK", IW(317603), AGENCY, "BLM Alaska Fire Service"),
    S("How many acres was Alaska's Nenana Ridge Complex southwest of Fairbanks as of July 23rd, 2025?",  # s9
      "state:AK", IW(323690), ACRES, "33049 acres"),
    # Nebraska
    S("The Cottonwood Fire in March 2026 started in Lincoln County, Nebraska before running into Dawson "
      "County. When did it start?",  # s10
      "county:Lincoln, NE", IW(327468), START, "late afternoon on Thursday, March 12"),
    S("Ashby, Nebraska had to be evacuated in March 2026. How far did the Ashby Fire run south?",  # s9
      "county:Grant, NE", IW(327559), EVAC, "17 miles southward"),
    S("Five miles south of Hyannis, Nebraska, the Minor Fire started in March 2026. At what time of night?",  # s9
      "city:Hyannis, NE", IW(327562), START, "after midnight on Thursday, March 26"),
    S("In the Soldier Creek Wilderness near Crawford, Nebraska, the South Fork Fire jumped Highway 20 in 2026. "
      "When did it ignite?",  # s7
      "city:Crawford, NE", IW(328004), START, "June 9, 2026"),
    S("On the Bessey Ranger District in Thomas County, Nebraska, when was the Road 203 Fire detected in "
      "2026?",  # s7,s9
      "county:Thomas, NE", IW(327453), START, "4:00 pm Thursday, March 12, 2026"),
    # Florida
    S("Watertown, Florida, on the edge of the Osceola National Forest: what was the Gun Range Fire's size in "
      "spring 2026, and its cause?",  # s4
      "city:Watertown, FL", IW(327671), ACRES, "129 acres"),
    S("The Sand Drain Fire northeast of Olustee, Florida in April 2026 - natural or human?",  # s10
      "county:Baker, FL", IW(327672), CAUSE, "human-caused"),
    # South Dakota
    S("Buffalo Gap, South Dakota, at the southeast edge of the Black Hills, had the 79 Fire north of town "
      "in April 2026. At what size was it declared contained?",  # s7
      "city:Buffalo Gap, SD", IW(327640), CONT, "100% contained at 5,408 acres"),
    S("Custer, South Dakota (the town, not the county). When did the Qury Fire start in 2026?",  # s6
      "city:Custer, SD", IW(327455), START, "March 12, 2026"),
    S("On the Pine Ridge Reservation, which team handed the Manderson Fire back to the local unit in "
      "September 2024?",  # s9
      "county:Oglala Lakota, SD", IW(321683), AGENCY, "Nevada Team 3"),
    S("Near Marksville on the Cheyenne River Reservation in Dewey County, South Dakota, the Buffalo Fire broke "
      "out along Highway 212 in April 2025. Where was it stopped?",  # s7
      "county:Dewey, SD", IW(323222), CONT, "BIA Route 7", check=["stopped"]),
    S("West of Wakpala on the Standing Rock Reservation in Corson County, South Dakota, a fire at Highway 12 "
      "mile marker 176 hit some buildings in March 2025. How many structures were damaged?",  # s7,s10
      "county:Corson, SD", IW(323115), STRUCT, "Two structures were damaged"),
    # Michigan, North Carolina, South Carolina, Pennsylvania, Kansas, West Virginia, Virginia, Oklahoma, North Dakota
    S("In Oscoda County, Michigan, the Mapes Fire started in May 2026. What were the weather conditions - was "
      "it red flag weather?",  # s10
      "county:Oscoda, MI", IW(327758), RFW, "red flag fire weather conditions"),
    S("Schoolcraft County, Michigan, in the Upper Peninsula: what afternoon did the Lard Lake Fire start in "
      "October 2024?",  # s7
      "county:Schoolcraft, MI", IW(322647), START, "the afternoon of October 22"),
    S("West of Robbinsville, North Carolina in the Joyce Kilmer Slickrock Wilderness, the HAOE Lead Fire "
      "started in April 2025. What caused it?",  # s7
      "city:Robbinsville, NC", IW(323238), CAUSE, "lightning-caused"),
    S("How many acres did the Black Swamp Fire in Jones County, North Carolina, burn before it was contained "
      "in 2025?",  # s9
      "county:Jones, NC", IW(323279), ACRES, "950 acres"),
    S("Our woodland owners' association in North Carolina wants cost-share money for burning. When does the "
      "state's Prescribed Burning Cost Share Program take effect?",  # s1
      "state:NC", ST("NC-293"), RX, "July 1, 2025"),
    S("Northwest of Greenville, South Carolina, in Table Rock State Park, how many acres did the Table Rock "
      "Fire burn in 2025?",  # s7
      "city:Greenville, SC", IW(323174), ACRES, "13,845 acres"),
    S("Clark County, Kansas: what started the May 2026 wildfire outbreak in southwest Kansas?",  # s9
      "county:Clark, KS", IW(327858), CAUSE, "Lightning strikes"),
    S("South of Circleville in Pendleton County, West Virginia, the Woodside Fire was spotted in November "
      "2025. Who detected the smoke?",  # s7,s9
      "county:Pendleton, WV", IW(327259), START, "a private landowner detected smoke"),
    S("In the Rocky Branch area of Luray, Virginia, near Shenandoah National Park headquarters, a fire broke "
      "out in March 2024. What set the stage for it?",  # s7
      "city:Luray, VA", IW(317080), START, "After a major wind event early afternoon March 20, 2024"),
    S("In Comanche County, Oklahoma, where did the 2024 Rush Fire mostly burn, and who got it back when the "
      "team left?",  # s4
      "county:Comanche, OK", IW(322704), AGENCY, "Wichita Mountains Wildlife Refuge"),
    S("Watford City, North Dakota had the Elkhorn Fire in the badlands in October 2024. How many acres did it "
      "burn?",  # s10
      "city:Watford City, ND", IW(322316), ACRES, "approximately 10,000 acres"),
    S("When was the Lansing Wildfire in Erie and McKean counties, Pennsylvania reported in 2026?",  # s9
      "county:McKean, PA", IW(327980), START, "early morning of Thursday, June 4, 2026"),
    # abstain: fires the corpus does not hold, and a state without evidence on the topic
    S("Gatlinburg, Tennessee lost so much in the 2016 Chimney Tops 2 Fire. How many structures burned?",  # s10
      "city:Gatlinburg, TN", [], STRUCT, check=["Chimney Tops"]),
    S("On Maui, the Lahaina fire in August 2023 was the deadliest in a century. What started it?",  # s10
      "city:Lahaina, HI", [], CAUSE, check=["Lahaina"]),
    S("In Marinette County, Wisconsin, I'd like to know how many people died in the Peshtigo Fire of "
      "1871.",  # s2
      "county:Marinette, WI", [], STRUCT, check=["Peshtigo"]),
    S("The West Mims Fire in the Okefenokee Swamp in Charlton County, Georgia, in 2017 - how many acres did it "
      "burn?",  # s7
      "county:Charlton, GA", [], ACRES, check=["Mims"]),
]


# ---------------------------------------------------------------------------- California (CAL FIRE incidents, statutes)
CALIFORNIA = [
    S("Along the 101 at Camarillo Springs Road, the Springs Fire burned in May 2013. How many acres did it burn "
      "near Camarillo, California?",  # s7
      "city:Camarillo, CA", "calfire:46731fb8-3350-4920-bdf7-910ac0eb715c", ACRES, "24251"),
    S("East of Clear Lake in Lake County, California, the Rocky Fire took off in July 2015. How big did it "
      "get?",  # s7,s10
      "county:Lake, CA", "calfire:23e85238-2966-452c-8f21-fa93a51e889b", ACRES, "69438"),
    S("South of Lake Nacimiento in San Luis Obispo County, the Chimney Fire ran in 2016. On what date did it "
      "start?",  # s7
      "county:San Luis Obispo, CA", "calfire:040d03d0-fbdd-438c-8174-f81e4a1bba57", START, "August 13, 2016"),
    S("Up the Cajon Pass north of San Bernardino, California, after the 2016 Blue Cut Fire, what kind of "
      "post-fire team did the national forest ask for?",  # s7
      "city:San Bernardino, CA", "calfire:ea5193a1-69bc-4684-bfcd-235c17d36756", RECOVERY,
      "BAER (Burned Area Emergency Response) team"),
    S("Two miles east of Lake McClure in Mariposa County, the Detwiler Fire burned in July 2017. How many acres "
      "in all?",  # s7
      "county:Mariposa, CA", "calfire:9feb25c4-d3ae-4f78-9fc9-a1ad2b308e42", ACRES, "81,826 acres"),
    S("Springville, California, up Highway 190 toward the Sequoia National Forest: when did the Pier Fire start "
      "in 2017?",  # s7,s9
      "city:Springville, CA", "calfire:c8ebf0c1-e560-4e22-a946-129af8699dfb", START, "August 29, 2017"),
    S("We lived in Clearlake Oaks, California, during the 2018 Pawnee Fire. When was it finally "
      "contained?",  # s1
      "city:Clearlake Oaks, CA", "calfire:25574325-cf1d-4191-bc3d-c50ed0a15f9c", CONT, "contained on July 8, 2018"),
    S("South of Hornbrook near the Oregon line, the Klamathon Fire closed I-5 in July 2018. How many acres did "
      "it burn?",  # s7
      "city:Hornbrook, CA", "calfire:d7e7eaca-5716-48b3-bd34-37acea282634", ACRES, "38,008 acres"),
    S("Hemet, California - the Cranston Fire up Highway 74 east of town in 2018. What day was it "
      "contained?",  # s9
      "city:Hemet, CA", "calfire:999bb931-4f26-4234-bb47-2f0d5b5f6263", CONT, "contained on August 11, 2018"),
    S("In Holy Jim Canyon in the Cleveland National Forest, Orange County, the Holy Fire burned in August 2018. "
      "How many acres?",  # s7
      "county:Orange, CA", "calfire:5b9e5ea7-1f63-46dd-aabd-8cf407c6f4ba", ACRES, "23,136 acres"),
    S("Santa Paula, California: on what date did the Maria Fire start on top of South Mountain in "
      "2019?",  # s7,s9
      "city:Santa Paula, CA", "calfire:31852a71-e639-496f-9e7d-0968d1c218b3", START, "October 31, 2019"),
    S("Which agencies ran the unified command on the 2020 Glass Fire in Napa County, California?",  # s9
      "county:Napa, CA", "calfire:d6b00a56-682d-4908-bf07-45eef54c9198", AGENCY, "CAL FIRE Sonoma Lake Napa"),
    S("Oak Glen, California - apple country above Yucaipa. How many acres did the El Dorado Fire burn there "
      "in 2020?",  # s7
      "city:Oak Glen, CA", "calfire:5367d20e-b24c-40ef-acd1-93c05e4b73b9", ACRES, "22744"),
    S("I'd like to know which agency was in charge of the 2021 Tamarack Fire southwest of Markleeville, "
      "California.",  # s2
      "city:Markleeville, CA", "calfire:3a281cd5-4d2b-47a7-89b7-1194e921805a", AGENCY, "Humboldt-Toiyabe National Forest"),
    S("Near Del Loma and Monument Peak in Trinity County, California, how many acres did the 2021 Monument "
      "Fire burn?",  # s7
      "county:Trinity, CA", "calfire:1d1bb813-5955-438a-a2cd-0e2d46074f1a", ACRES, "223124"),
    S("Along the Gaviota Coast in Santa Barbara County, California, the Alisal Fire closed the 101 in 2021. "
      "What was its start date?",  # s7
      "county:Santa Barbara, CA", "calfire:de52a8d2-2c0e-4481-8d6c-9e4b7c2b9428", START, "2021-10-11"),
    S("The Corral Fire started at Lawrence Livermore's Site 300 southwest of Tracy, California, in June 2024. "
      "How many acres did it burn?",  # s7
      "city:Tracy, CA", "calfire:6a5bdbfa-a78f-45dc-a3b2-e417abfd9f50", ACRES, "14168"),
    S("North of Highland, California, the Line Fire burned in September 2024. Which incident management team "
      "was in unified command?",  # s9
      "city:Highland, CA", "calfire:cac520bf-e359-4f3c-a8ee-85510a476c67", AGENCY, "Complex California Incident Management Team 4"),
    S("Trabuco Canyon, California: how many acres did the 2024 Airport Fire burn across Orange and Riverside "
      "counties?",  # s9
      "city:Trabuco Canyon, CA", "calfire:44d60d5a-522f-4c9f-ba55-ae09e9d2c973", ACRES, "23526"),
    S("Pacific Palisades, California - the January 2025 Palisades Fire. Which fire department was the "
      "administrative unit?",  # s9
      "city:Pacific Palisades, CA", "calfire:abfed7a3-794a-4294-9852-43176dcbc18a", AGENCY, "Los Angeles City Fire Department"),
    S("Our church in Altadena, California burned in the Eaton Fire of January 2025. How many acres did the fire "
      "burn in total?",  # s1
      "city:Altadena, CA", "calfire:dbfa574e-1b10-4467-b5e5-7d1c06ebc8dc", ACRES, "14021"),
    S("The Hughes Fire broke out near Castaic Lake in January 2025, right above our neighborhood in "
      "Castaic, California. What was its start date?",  # s1
      "city:Castaic, CA", "calfire:bf194e6a-78cb-46bc-849b-567bceaabbb6", START, "2025-01-22"),
    S("Out on Santa Rosa Island in Channel Islands National Park, Santa Barbara County, who managed the 2026 "
      "Santa Rosa Island Fire?",  # s7
      "county:Santa Barbara, CA", "calfire:4b0a38f6-3958-41c8-a1e5-d346d74b64b1", AGENCY, "National Park Service"),
    # warn: statute or incident at a different level than the place asked
    S("We're in Sacramento. Does California's new public works rule for state-funded fuel reduction work apply "
      "to prescribed fire work?",  # s1,s3
      "city:Sacramento, CA", ST("CA-8"), RX, "does not apply to prescribed fire or grazing work"),
    S("For a California fire-history class I need the acreage of the 2020 Zogg Fire. How many acres did "
      "California's Zogg Fire burn?",  # s1
      "state:CA", "calfire:f0a3f022-0d5a-4d47-93c7-2a73cb081740", ACRES, "56338"),
    S("Our family was camping the week California's Chimney Fire broke out in 2016, and we've never agreed "
      "on the date. What day did the Chimney Fire start?",  # s1
      "state:CA", "calfire:040d03d0-fbdd-438c-8174-f81e4a1bba57", START, "August 13, 2016"),
    # abstain: fires the corpus does not hold
    S("La Canada Flintridge, California, sits under the Angeles front. How many acres did the 2009 Station Fire "
      "burn, and how many firefighters died?",  # s4
      "city:La Cañada Flintridge, CA", [], ACRES, check=["Station Fire"]),
    S("We rebuilt in Montecito, California after the Tea Fire of November 2008, and our kids keep asking "
      "how it started. What started the Tea Fire?",  # s1
      "city:Montecito, CA", [], CAUSE, check=["Tea Fire"]),
    S("Santa Barbara County, California had the Jesusita Fire in 2009 above the city. How many homes did it "
      "destroy?",  # s10
      "county:Santa Barbara, CA", [], STRUCT, check=["Jesusita"]),
    S("My parents lost their house in Oakland, California in the 1991 Oakland Hills firestorm. How many "
      "homes burned altogether?",  # s1
      "city:Oakland, CA", [], STRUCT, check=["Oakland Hills"]),
    S("South Lake Tahoe, California: how many homes did the 2007 Angora Fire destroy?",  # s9
      "city:South Lake Tahoe, CA", [], STRUCT, check=["Angora"]),
]


# ---------------------------------------- a state's rule asked about a town or county in it; a state asked,
# ---------------------------------------- a county's report the evidence
WARNINGS = [
    S("We have a weekend place outside Litchfield, Connecticut. If the governor closes the woods for drought "
      "and someone lights a fire anyway, what's the fine?",  # s1
      "city:Litchfield, CT", ST("CT-32"), PEN, "fined not less than five dollars nor more than one hundred dollars"),
    S("I'm a volunteer firefighter in Peoria, Illinois. What exactly are a forest fire warden's duties under "
      "state law?",  # s1,s2
      "city:Peoria, IL", ST("IL-114"), WARDEN),
    S("Front Royal, Virginia, at the north end of Skyline Drive: when the governor declares a serious fire "
      "hazard, how close to the woods is open burning banned?",  # s7
      "city:Front Royal, VA", ST("VA-395"), BURN, "nearer than 300 feet"),
    S("Albemarle County, Virginia: our son and his friends started a fire in the woods behind the school. How "
      "much can the state recover from us as parents?",  # s1
      "county:Albemarle, VA", ST("VA-383"), PEN, "No more than $750"),
    S("In Santa Fe, New Mexico, what is leaving a campfire burning on somebody else's land classed as?",  # s9
      "city:Santa Fe, NM", ST("NM-231"), PEN, "petty misdemeanor"),
    S("We're in Las Cruces, New Mexico and planned a prescribed burn on our acreage. Does a red flag warning "
      "stop us under state law?",  # s1
      "city:Las Cruces, NM", ST("NM-270"), RFW, "red flag warning"),
    S("Ada County, Idaho: how long after a negligent range fire does a landowner have to sue for the "
      "damage?",  # s9
      "county:Ada, ID", ST("ID-72"), PEN, "ten (10) years"),
    S("Hilo, on the Big Island of Hawaii: what fine can someone face for setting a fire in a closed fire "
      "area?",  # s7,s9
      "city:Hilo, HI", ST("HI-66"), PEN, "not less than $250 nor more than $4,000"),
    S("Spearfish, South Dakota sits at the edge of the Black Hills. Can we shoot off fireworks in town near "
      "the forest protection district, and how far out does the ban reach?",  # s4,s7
      "city:Spearfish, SD", ST("SD-344"), RESTR, "three hundred feet beyond", check=["fireworks"]),
    S("In Sioux Falls, South Dakota, can the state fire marshal ban open burning in our county?",  # s2
      "city:Sioux Falls, SD", ST("SD-336"), BURN, "prohibit or restrict open burning"),
    S("Charleston, West Virginia - besides spring, is there a fall forest fire season when burning is "
      "restricted?",  # s9
      "city:Charleston, WV", ST("WV-543"), BURN, "October 1 through December 31"),
    S("We farm outside Valentine, Nebraska, up in the Sandhills. What's the penalty class if we burn without "
      "the fire chief's permit during the statewide ban?",  # s1,s7
      "city:Valentine, NE", ST("NE-162"), PEN, "Class IV misdemeanor"),
    S("Yakima, Washington orchard owner here. For a DNR burning permit to be valid, who has to sign "
      "it?",  # s1
      "city:Yakima, WA", ST("WA-508"), BURN, "signed by both"),
    S("Kitsap County, Washington: when does the state's closed season for burning on forestland run?",  # s9
      "county:Kitsap, WA", ST("WA-489"), BURN, "April 15th and October 15th"),
    S("Florence, South Carolina: if the State Forester bans all open burning, does that include backyard "
      "campfires and bonfires?",  # s9
      "city:Florence, SC", ST("SC-323"), BURN, "campfires, bonfires"),
    S("Huntsville, Alabama: is there a cap on how much Alabama's emergency forest fire fund can "
      "accumulate?",  # s9
      "city:Huntsville, AL", ST("AL-2"), WARDEN, "two million dollars ($2,000,000)"),
    S("My father in Des Moines, Iowa burns trash in a wire-mesh burner. During a fire marshal's burn ban, what "
      "size openings are allowed for that to be exempt?",  # s1
      "city:Des Moines, IA", ST("IA-125"), BURN, "one square inch"),
    S("Rolla, Missouri landowners: who approves the certification program for prescribed burn "
      "managers?",  # s9
      "city:Rolla, MO", ST("MO-148"), RX, "Missouri department of conservation"),
    S("Gainesville, Florida: what kind of crime is tossing a lit cigarette into the woods?",  # s9
      "city:Gainesville, FL", ST("FL-55"), PEN, "misdemeanor of the first degree"),
    S("Cody, Wyoming logger here. What can the state forester require me to post for slash disposal on a "
      "state timber sale?",  # s1
      "city:Cody, WY", ST("WY-553"), WARDEN, "slash deposit or performance bond"),
    S("Prescott, Arizona: does state law let our city adopt a wildland-urban interface code?",  # s3
      "city:Prescott, AZ", ST("AZ-5"), WUI, "wildland-urban interface code"),
    S("Baton Rouge, Louisiana: does state law let the fire marshal issue a burn ban?",  # s2
      "city:Baton Rouge, LA", ST("LA-136"), BURN),
    S("Concord, New Hampshire: what are forest fire wardens and deputy wardens supposed to do under state "
      "law?",  # s9
      "city:Concord, NH", ST("NH-196"), WARDEN),
    S("Montpelier, Vermont: who appoints the town forest fire warden, and can the town remove one?",  # s4
      "city:Montpelier, VT", ST("VT-369"), WARDEN),
    S("Asheville, North Carolina: is it illegal to fly a drone near a forest fire here?",  # s2
      "city:Asheville, NC", ST("NC-294"), DRONES, check=["unmanned aircraft"]),
    # the state asked, a county's report the evidence
    S("I'm researching grass fires in northern Nevada and would like to know what caused Nevada's Wilder "
      "Fire in July 2024.",  # s2
      "state:NV", IW(317929), CAUSE, "The cause is undetermined"),
    S("For a piece on Utah's 2024 fire season: when did the Silver King Fire start, and which national "
      "forest was it burning on?",  # s4
      "state:UT", IW(317915), START, "Friday, July 5, 2024"),
    S("Montana had plenty of lightning fires in 2024. Over in Wyoming, was the Clearwater Fire that summer "
      "lightning too, or human-caused?",  # s5
      "state:WY", IW(318705), CAUSE, "caused by lightning"),
    S("I'm compiling Arizona wildfire numbers for a grant report. What was the final acreage of Arizona's "
      "2024 Freeman Fire?",  # s1
      "state:AZ", IW(318032), ACRES, "32,568 acres"),
    S("I'd like to know how big Idaho's Paddock Fire got in August 2024.",  # s2
      "state:ID", IW(319653), ACRES, "187,185 acres"),
    S("Which team took command of Nebraska's Cottonwood Fire in March 2026?",  # s9
      "state:NE", IW(327468), AGENCY, "Rocky Mountain Complex Incident Management Team"),
]

MORE_CONCEPTS = [
    S("A fire report said a fire was 100% contained. What does fully contained actually mean?",  # s8
      None, IW(327758), CONT, "a secure, cold, perimeter is now in place around the entire fire"),
    S("Some remote fires are in a \"limited management\" zone. What does that mean for how the fire is "
      "fought?",  # s8
      None, IW(317603), AGENCY,
      "unless the fire threatens property or people, it will be allowed to play its natural ecological role"),
    S("We're hunting this fall inside an old burn. What hazards does a burned landscape hold for people on "
      "foot?",  # s1
      None, IW(318976), RECOVERY, "unstable soils that allow rocks to dislodge", check=["burned landscape"]),
    S("How do fire managers decide whether to fully suppress a wilderness fire?",  # s2
      None, IW(319743), AGENCY, "evaluated by looking at the values at risk", check=["let burn"]),
    S("What's the full CAL FIRE slogan that starts with \"One Less Spark\"?",  # s9
      None, "calfire:9feb25c4-d3ae-4f78-9fc9-a1ad2b308e42", DS, "One Less Spark-One Less Wildfire",
      check=["One Less Spark"]),
    S("Is a fire whirl the same thing as a fire tornado?",  # s8
      None, [], OTHER, check=["fire whirl"]),
    S("Are PurpleAir sensors good enough to judge wildfire smoke at home?",  # s2
      None, [], OTHER, check=["purple ?air"]),
    S("What does the Keetch-Byram Drought Index number mean for fire danger?",  # s8
      None, [], RFW, check=["keetch|kbdi"]),
    S("What's a Burning Index reading on the fire danger sign?",  # s8
      None, [], RFW, check=["burning index"]),
    S("Should I run a HEPA purifier when wildfire smoke comes in?",  # s2
      None, [], OTHER, check=["hepa"]),
]

MORE_CONTRAST = [
    S("Idaho sets a closed fire season from May to October when you need a permit. Over in Michigan, when do "
      "I need a burn permit?",  # s5
      "state:MI", ST("ID-76"), BURN),
    S("South Dakota's Black Hills have a permit rule for open fires. Does Tennessee's Cumberland Plateau have "
      "anything like a fire protection district permit?",  # s5
      "state:TN", ST("SD-339"), BURN),
    S("Nebraska has a Wildland Incident Response Assistance Team under its fire marshal. Does Georgia have "
      "anything like that?",  # s5
      "state:GA", ST("NE-172"), WARDEN, check=["wildland fire"]),
    S("Florida requires a written pile burn plan for certified pile burners. What does Mississippi require "
      "before a pile burn?",  # s5
      "state:MS", ST("FL-56"), RX),
    S("Washington has a prescribed burn manager certification. Is there one in Massachusetts?",  # s5
      "state:MA", ST("WA-502"), RX),
]


# ------------------------------ more fires the corpus does not hold, some sharing a name with one it does
MORE_ABSENT_FIRES = [
    S("Yarnell, Arizona lost nineteen Granite Mountain Hotshots in 2013. What started the Yarnell Hill "
      "Fire?",  # s10
      "city:Yarnell, AZ", [], CAUSE, check=["Yarnell Hill"]),
    S("Hinckley, Minnesota has a museum about the Great Hinckley Fire of 1894. How many people died in "
      "it?",  # s10
      "city:Hinckley, MN", [], STRUCT, check=["Hinckley Fire|Great Hinckley"]),
    S("On Mount Desert Island, how many homes in Bar Harbor, Maine burned in the fire of 1947?",  # s7
      "city:Bar Harbor, ME", [], STRUCT, check=["Bar Harbor"]),
    S("Suffolk County, New York - the 1995 Sunrise Fire in the Long Island Pine Barrens, not the one in "
      "Montana. How many acres did it burn?",  # s6
      "county:Suffolk, NY", [], ACRES, check=["Sunrise"]),
    S("During the fall 2024 drought, were red flag warnings issued for Frederick County, Maryland?",  # s9
      "county:Frederick, MD", [], RFW),
]


# ---------------------------------------------------------------------------- InciWeb summaries, 2021-2022
SUMMARIES = [
    S("Siskiyou County, California, on the slopes of Mount Shasta: what started the Lava Fire back in June "
      "2021?",  # s7
      "county:Siskiyou, CA", IWS(7581), CAUSE, "by lightning"),
    S("Asotin, Washington, down on the Snake River: I'd like to know what started the Lick Creek Fire in July "
      "2021.",  # s2
      "city:Asotin, WA", IWS(7615), CAUSE, "Lightning ignited several fires"),
    S("Ranchers in Sweet Grass County, Montana lost summer range to the American Fork Fire in 2021. When did "
      "it start?",  # s1
      "county:Sweet Grass, MT", IWS(7681), START, "July 17, 2021"),
    S("Electra, Texas, in Wichita County, had the Electra Complex in December 2021. On what afternoon did the "
      "fires start?",  # s10
      "county:Wichita, TX", IWS(7908), START, "the afternoon of December 10, 2021"),
    S("Murray County, Oklahoma, near Veterans Lake: how did the Veterans Lake Fire in 2022 get "
      "started?",  # s7
      "county:Murray, OK", IWS(8023), CAUSE, "started as a controlled burn (brush pile)", check=["controlled burn"]),
    S("Pima County, Arizona had the Presumido Peak Fire in the spring of 2022. At what size was it declared "
      "fully contained?",  # s10
      "county:Pima, AZ", IWS(8036), CONT, "100% contained at 2,591 acres"),
    S("A friend in Amarillo, Texas saw the smoke from the Highline Fire in April 2022. Could you tell me "
      "how far from downtown Amarillo that fire was?",  # s2
      "city:Amarillo, TX", IWS(8079), START, "12 miles north of downtown Amarillo", check=["located"]),
    S("Lincoln County, New Mexico, in April 2022: when did the McBride Fire start?",  # s9
      "county:Lincoln, NM", IWS(8061), START, "April 12, 2022 around 2:30 pm"),
    S("Harney County, Oregon had a late-season fire in September 2021, the Big Meadow Fire. How many acres "
      "did it reach?",  # s10
      "county:Harney, OR", IWS(7843), ACRES, "2,600 acres"),
    S("Chelan County, Washington, up the Nason Creek drainage near Plain: where was the 2021 Nason Fire "
      "located?",  # s7
      "county:Chelan, WA", IWS(7799), START, "17 miles northwest of Plain", check=["Located"]),
]



def _spread(*blocks):
    """All seeds of all blocks in one fixed order that does not follow the blocks: sorted by a hash of the
    question text, so that neighbouring ids (and the three parts by id number mod 3) mix places, sources,
    styles and decisions."""
    seeds = [seed for block in blocks for seed in block]
    return sorted(seeds, key=lambda seed: hashlib.sha256(("atlength269/" + seed["q"]).encode("utf-8")).hexdigest())


SEEDS = _spread(
    OREGON,
    GREAT_BASIN,
    EAST_STATUTES,
    WEST_STATUTES,
    CONTRAST,
    CONCEPTS,
    ABSENT_TERMS,
    ROCKIES,
    WASHINGTON,
    SOUTHWEST,
    TEXAS,
    NORTH_AND_EAST,
    CALIFORNIA,
    WARNINGS,
    MORE_CONCEPTS,
    MORE_CONTRAST,
    MORE_ABSENT_FIRES,
    SUMMARIES,
)
