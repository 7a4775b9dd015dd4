"""Hand-written seeds for the new-styles question set (benchmarks/qa/newstyles.jsonl).

Same format as seeds.py (see its docstring): q, place ('state:XX', 'county:Name, XX', 'city:Name, XX' or None),
docs (<source>:<native id>; empty for a question about an absence), topic, and where short the answer exactly as
the document words it; `check` narrows the topic's keyword pattern where it is too broad (or names the incident,
programme or term a question about an absence is about).

Written on 2026-12-05 apart from the answering code: from the shared corpus, the containment DAG and the
gold-label builder (derive.py, geo.py) alone, without reading the questions of seeds.py, seeds_b.py or
seeds_c.py (only the document ids the existing sets use were listed, so that documents they do not use could be
preferred) and without running the system. The questions are written in styles the earlier sets lack; the
comment after each seed names its style codes:

    d1  a person's situation first, then the question
    d2  a comparison whose first place is only context; the second place is the one asked about
    d3  a definition asked for without "what is" ("Define ...", "meaning of ...", "explain what counts as ...")
    d4  a number or a date asked for (acres, percent contained, structures, dates, days, fines, feet)
    d5  misspellings and typos of ordinary words and of place names (the `place` field stays resolvable)
    d6  a question about the law that only a fire report's fact can answer, or about a fire that only a
        statute can answer (or nothing in the corpus can)
    d7  a hazard term, programme or tool the corpus never explains, asked without a place
    d8  an abstain trap: a county or town with no evidence on the topic, while a neighbour or another
        state has some
    d9  lower case, no punctuation, telegraphic, hashtags, agency abbreviations, ALL-CAPS words
    d10 a long message with the question last, or a question naming two things and asking one

Seeds are written in blocks by source and kind and put in one order by a hash of the question text, so that
neighbouring ids (and the three parts by id number mod 3) mix places, sources, styles and decisions. The gold
relation and decision are not written here: derive.py computes them.

    python benchmarks/qa/fresh/derive.py --seeds seeds_d --prefix N --out benchmarks/qa/newstyles.jsonl
"""

import hashlib

from seeds import (  # noqa: F401  (the shared format and topic names)
    S, BURN, RESTR, EVAC, ACRES, CONT, CAUSE, START, AGENCY, RX, RFW, DS, PEN, WUI, WARDEN, DRONES,
    STRUCT, RECOVERY, OTHER,
)

CLOSURES = "closures"


def IW(n):
    return f"inciweb:{n}"


def IWS(n):
    return f"inciweb_summary:{n}"


def ST(n):
    return f"statute:stat-{n}"


def CAL(n):
    return f"calfire:{n}"


# ---------------------------------------------------------------------------- state statutes
STATUTES = [
    # Idaho
    S("Define 'forest land' the way Idaho's forest tax chapter does. My accountant says our forty wooded acres "
      "by the river might not count.",
      "state:ID", ST("ID-105"), WARDEN,
      "privately owned land being held and used primarily for the continuous purpose of growing and harvesting "
      "trees of a marketable species", [r"forest land"]),  # d3,d1
    S("idaho 2025 law on power companies + wildfire plans - whats it called",
      "state:ID", ST("ID-97"), WARDEN, "Wildfire Standard of Care Act", [r"Wildfire Standard of Care"]),  # d9
    S("i work for a small electric co-op outside coeur d'alene. after we file our wildfire mitigation plan with "
      "the PUC how many days do we have to notify the state forester and the counties",
      "city:Coeur d'Alene, ID", ST("ID-100"), WARDEN, "five (5) business days",
      [r"wildfire mitigation plan"]),  # d1,d9,d4
    S("I'm an Idaho Power ratepayer in Boise. Once a utility files its wildfire mitigation plan, how long does "
      "the Idaho Public Utilities Commission have to approve or reject it?",
      "city:Boise City, ID", ST("ID-100"), WARDEN, "within six (6) months", [r"wildfire mitigation plan"]),  # d1,d4
    S("Who in Idaho supervizes the fire hazzard left by loging slash on timber sales?",
      "state:ID", ST("ID-89"), WARDEN, "director of the department of lands"),  # d5
    S("Our forest protective district in north Idaho blew through its fire money in August and the controller "
      "says somebody has to sign off first. Who can authorize deficiency warrants for the extra suppression "
      "costs?",
      "county:Shoshone, ID", ST("ID-83"), WARDEN, "state board of land commissioners",
      [r"deficiency warrants"]),  # d1,d10
    S("After the big timber fire above Orofino in Clearwater County, does Idaho policy say the burned ground "
      "should be reseeded, and with what?",
      "county:Clearwater, ID", ST("ID-90"), RECOVERY, "suitable range grasses and/or legumes",
      [r"seeding of such burned areas"]),  # d10
    S("ATGS plane on a govt wildfire contract - exempt from idaho sales tax??",
      "state:ID", ST("ID-106"), AGENCY,
      "fixed-wing aircraft primarily used as an air tactical group supervisor platform",
      [r"air tactical group supervisor"]),  # d9
    # Nebraska
    S("NE emergency firefighting fund - which official spends it on wildland fires",
      "state:NE", ST("NE-150"), WARDEN, "State Fire Marshal", [r"Emergency Firefighting Fund"]),  # d9
    S("We graze in Custer County, Nebraska. Explain what counts as 'land-management burning' under Nebraska law.",
      "county:Custer, NE", ST("NE-163"), RX, "the controlled application of fire to existing vegetative matter",
      [r"land-management burning"]),  # d3,d1
    S("who appoints nebraskas state forester",
      "state:NE", ST("NE-182"), WARDEN, "Board of Regents of the University of Nebraska"),  # d9
    S("We run cattle north of Valentine, Nebraska, and the volunteer chief says the state has a wildland "
      "response team. Besides the fire marshal's people, whose employees serve as its squad members?",
      "city:Valentine, NE", ST("NE-173"), WARDEN, "Nebraska Forest Service",
      [r"Wildland Incident Response Assistance Team"]),  # d1
    S("Our fire district in North Platte, NE wants federal help with a grass fire patrol. Can the State Fire "
      "Marshal sign a cooperative agreement with the federal government for that?",
      "city:North Platte, NE", ST("NE-151"), WARDEN,
      "enter into cooperative agreements with the federal government",
      [r"Emergency Firefighting Fund"]),  # d1
    # New Mexico
    S("My brother-in-law left a campfire smoldering on state trust land outside Silver City, New Mexico, and a "
      "ranger wrote him up. What fine could he be looking at for not putting it out?",
      "city:Silver City, NM", ST("NM-227"), PEN, "not more than one thousand dollars",
      [r"totally extinguish"]),  # d1,d4
    S("A logging outfit near Chama in Rio Arriba County ignored the state forestry rules. How long could they be "
      "jailed under New Mexico's Forest Conservation Act?",
      "county:Rio Arriba, NM", ST("NM-262"), PEN, "not to exceed one year", [r"Forest Conservation Act"]),  # d1,d4
    S("Define 'firefighter' under New Mexico's Firefighters' Survivors Supplemental Benefits Act - are state "
      "wildland crews covered?",
      "state:NM", ST("NM-222"), WARDEN,
      "any red-carded firefighter trained in wildland firefighting skills and hired by the state of New Mexico",
      [r"red-carded"]),  # d3,d10
    S("Teh New Mexcio state fire marshall's office is a division under which department?",
      "state:NM", ST("NM-239"), WARDEN, "homeland security and emergency management department"),  # d5
    S("meaning of 'state forester' in NM law - who is it",
      "state:NM", ST("NM-254"), WARDEN,
      "director of the forestry division of the energy, minerals and natural resources department"),  # d3,d9
    S("In Arizona the national forest just posts a closure order. Over here in New Mexico, can the state forestry "
      "division close a high-hazard area to the public?",
      "state:NM", ST("NM-261"), CLOSURES,
      "closing them to entry by the general public for reasonable periods", [r"high hazard fire areas"]),  # d2
    S("explain what 'specialized use' means in New Mexico's Aircraft Registration Act, does fire fighting count",
      "state:NM", ST("NM-244"), WARDEN, "use for commercial operations other than passenger carriage",
      [r"forest fire-fighting use"]),  # d3,d9
    S("A Catron County rancher asked me: do the New Mexico statutes on state timber sales let the land "
      "commissioner defer payment if the buyer helps fight forest fires - and for how long?",
      "county:Catron, NM", ST("NM-225"), WARDEN, "not to exceed three years",
      [r"defer the payment"]),  # d4,d10
    # South Dakota
    S("Define 'logging slash' under South Dakota law.",
      "state:SD", ST("SD-331"), BURN,
      "logging debris consisting of treetops, limbs, cull logs, and other separate vegetation remaining after "
      "harvest which has no commercial value", [r"logging slash"]),  # d3
    S("We camped all over Wyoming for years without trouble, but we moved to Rapid City, SD. What class of "
      "misdemeanor is a campfire outside an established fireplace on public land in the Black Hills district?",
      "city:Rapid City, SD", ST("SD-362"), PEN, "Class 1 misdemeanor", [r"established fireplace"]),  # d2,d1
    S("Does the Black Hills Forrest Fire Protection Distrcit cover land inside Custer city limits?",
      "city:Custer, SD", ST("SD-337"), WARDEN,
      "does not include any area within the limits of any municipality",
      [r"Black Hills Forest Fire Protection District"]),  # d5
    S("pennington county SD rancher - can a USFS supervisor issue me a permit to burn in the black hills district "
      "or only the state",
      "county:Pennington, SD", ST("SD-340"), BURN,
      "Any United States forest service supervisor or the secretary of public safety",
      [r"Black Hills Forest Fire Protection District"]),  # d9,d1
    S("A neighbour's brush pile got away and burned across three sections near Hot Springs, SD. Can the state "
      "take him to court to pay back what it spent putting it out?",
      "city:Hot Springs, SD", ST("SD-355"), PEN, "bring an action in circuit court against the responsible person",
      [r"circuit court"]),  # d1
    S("who can SD dept of public safety hire to run wildfire suppression",
      "state:SD", ST("SD-351"), WARDEN, "a state wildland fire coordinator",
      [r"wildland fire coordinator"]),  # d9
    # South Carolina
    S("Our church youth group in Greenville, SC wants to burn off the old railroad right of way behind the "
      "building while the governor's fire proclamation is out. Is that allowed?",
      "city:Greenville, SC", ST("SC-309"), BURN, "unlawful to burn or cause to be burned any right of way",
      [r"right of way"]),  # d1
    S("SC gov declared a forest fire emergency - can i still do a yard burn??",
      "state:SC", ST("SC-322"), BURN, "No burning shall be carried out", [r"No burning shall be carried out"]),  # d9
    S("Wich agency directs forrest fire protection work in Aiken County, South Carolina?",
      "county:Aiken, SC", ST("SC-312"), WARDEN, "State Commission of Forestry",
      [r"forest fire protection work"]),  # d5
    S("At which month's meeting does the South Carolina forestry commission present each county forestry board "
      "with its fire protection plan?",
      "state:SC", ST("SC-314"), WARDEN, "July meeting of the board"),  # d4
    S("south carolina drought law - define drought",
      "state:SC", ST("SC-327"), OTHER,
      "a period of diminished precipitation which results in negative impacts upon the hydrology, agriculture, "
      "biota, energy, and economy of the State", [r"Drought"]),  # d3,d9
    S("HORRY COUNTY SC: who has the authority to evacuate people near an open fire?",
      "county:Horry, SC", ST("SC-329"), EVAC, "The Fire Authority having jurisdiction",
      [r"Fire Authority having jurisdiction"]),  # d9
    S("How many South Carolina members sit on the Southeastern Interstate Forest Fire Protection Compact "
      "advisory committee?",
      "state:SC", ST("SC-325"), WARDEN, "four members of the advisory committee"),  # d4
    # Virginia
    S("I'm 45 and live in Augusta County, Virginia. A forest warden came by and told me to help fight a brush "
      "fire on the ridge. What happens if I just refuse?",
      "county:Augusta, VA", ST("VA-382"), PEN, "Class 4 misdemeanor", [r"summon"]),  # d1,d10
    S("How much per acre does Albemarle County, Virginia have to repay the State Forester each year for forest "
      "fire protection, at the current rate?",
      "county:Albemarle, VA", ST("VA-376"), WARDEN, "nine cents per acre", [r"cents per acre"]),  # d4
    S("Meaning of 'unmanned aircraft' in Virginia's law on drones flown by public bodies?",
      "state:VA", ST("VA-399"), DRONES,
      "an aircraft that is operated without the possibility of human intervention from within or on the aircraft",
      [r"unmanned aircraft"]),  # d3
    S("Explain what counts as forest land inside a Virginia city for the State Forester's fire protection "
      "contracts - I'm on the Lynchburg council.",
      "county:Lynchburg city, VA", ST("VA-377"), WARDEN,
      "at least eighty well-distributed seedlings or sprouts of woody species per acre",
      [r"well-distributed seedlings"]),  # d3,d1
    S("Somebody tore down the forest fire warning sign on our timber tract near Farmville, VA. What kind of "
      "offense is that?",
      "city:Farmville, VA", ST("VA-375"), PEN, "Class 4 misdemeanor", [r"notices"]),  # d1
    S("The warden said the guy whose trash fire got loose won't be paid for the hours he spent helping put it "
      "out. Is that really Virginia law?",
      "state:VA", ST("VA-380"), WARDEN,
      "No such payment shall be made to any person who has maliciously started the fire"),  # d1
    # Washington
    S("Our city light department in Ellensburg is a consumer-owned utility. By what date did we have to review "
      "and adopt our wildfire mitigation plan?",
      "city:Ellensburg, WA", ST("WA-412"), WARDEN, "By October 31, 2024, and every three years thereafter",
      [r"wildfire mitigation plan"]),  # d1,d4
    S("I sit on the school board in Omak, Washington. If a big forest fire hits, can the district lend its "
      "buses to the county to move evacuees?",
      "city:Omak, WA", ST("WA-413"), EVAC, "rent or lease school buses to governmental agencies",
      [r"school buses"]),  # d1
    S("Last August the sheriff's deputies wouldn't let us past the roadblock to move our cattle even though the "
      "fire was miles off. I read that Washington is supposed to have a model policy on landowner access during "
      "wildfires. Who is supposed to convene the group that writes it?",
      "state:WA", ST("WA-422"), WARDEN, "Washington association of sheriffs and police chiefs"),  # d10,d1
    S("Ferry County, WA here. For the DNR's residential wildfire risk reduction money for border counties east "
      "of the Cascade crest, what's the population cap?",
      "county:Ferry, WA", ST("WA-435"), DS, "one hundred thousand or less",
      [r"wildfire risk reduction"]),  # d4,d9
    S("How much do Washington's inmate forrest fire crews get payed when they're on the fire line?",
      "state:WA", ST("WA-488"), WARDEN, "no less than the minimum wage per hour"),  # d5
    S("can WA DNR shut down logging when fire weather gets extreme",
      "state:WA", ST("WA-512"), CLOSURES,
      "an order shutting down all logging, land clearing, or other industrial operations"),  # d9
    S("My homeowner's insurer in Wenatchee offered to pay for brush clearing around the house. Under Washington "
      "law, what's the most those goods and services can be worth?",
      "city:Wenatchee, WA", ST("WA-447"), DS, "$7,500 or ten percent of the annual policy premium",
      [r"brush clearing"]),  # d1,d4
    S("We farm near Lynden in Whatcom County. Which flood does Washington's short-term disaster recovery "
      "program for farmers and ranchers address first?",
      "city:Lynden, WA", ST("WA-542"), OTHER,
      "major flooding event that occurred in Whatcom county during November 2021",
      [r"disaster recovery financial assistance"]),  # d1
    S("Our house near Medical Lake burned in the Gray Fire in August 2023. Washington set up a disaster relief "
      "payment program for the 2023 wildfires - what window did the fire have to fall in?",
      "city:Medical Lake, WA", ST("WA-438"), STRUCT, "between August 1 and October 1, 2023",
      [r"disaster relief payment"]),  # d1,d4
    # Connecticut
    S("connecticut law, define hazard mitigation",
      "state:CT", ST("CT-38"), OTHER,
      "actions taken to reduce or eliminate long-term risk to human life, infrastructure and property resulting "
      "from natural hazards"),  # d3,d9
    S("I train bird dogs in the woods outside Litchfield, Connecticut during the closed season. Is there ever a "
      "time the state can stop me?",
      "city:Litchfield, CT", ST("CT-40"), RESTR,
      "closed by proclamation issued by the commissioner because of forest fire hazard",
      [r"hunting dogs"]),  # d1
    S("Our volunteer fire company in Haddam, CT keeps getting called to brush fires. Who do we ask for forest "
      "fire-fighting equipment?",
      "city:Haddam, CT", ST("CT-20"), WARDEN, "Commissioner of Energy and Environmental Protection",
      [r"fire-fighting equipment"]),  # d1
    S("who appoints CT's State Fire Administrator",
      "state:CT", ST("CT-44"), WARDEN, "Commissioner of Emergency Services and Public Protection",
      [r"State Fire Administrator"]),  # d9
    # Florida, Illinois, Missouri, Wisconsin, Alabama, West Virginia, Hawaii, California
    S("What's Florida's forestry arsen alert program supposed to do for people who help catch firebugs?",
      "state:FL", ST("FL-60"), PEN, "Reward public-spirited citizens", [r"arson"]),  # d5
    S("gainesville fl - are the state's community forests open to the public for recreation??",
      "city:Gainesville, FL", ST("FL-61"), WARDEN, "open to the use of the public for recreational purposes",
      [r"Community forests"]),  # d9
    S("If the Illinois Director sets up an intensive forest fire protection district around the Shawnee in Pope "
      "County, how long does the notice have to run in the newspaper?",
      "county:Pope, IL", ST("IL-110"), WARDEN, "once each week for 3 successive weeks",
      [r"intensive forest fire protection district"]),  # d4
    S("I own 300 acres of oak-hickory in Shannon County, Missouri and want extra forest fire control attention "
      "from the conservation commission. What's the minimum I'd pay per acre per year?",
      "county:Shannon, MO", ST("MO-145"), WARDEN, "not less than three cents per acre per year",
      [r"cents per acre"]),  # d1,d4
    S("springfield MO - does the state forester help enforce forest fire laws",
      "city:Springfield, MO", ST("MO-144"), WARDEN,
      "To assist in the enforcement of all laws and rules and regulations applicable to forest fires",
      [r"state forester"]),  # d9
    S("Wisconsin statutes: define 'forest fire'.",
      "state:WI", ST("WI-549"), WARDEN,
      "uncontrolled, wild, or running fires occurring on forest, marsh, field, cutover, or other lands"),  # d3
    S("We're trying to start a volunteer department out past Huntsville, Alabama. Explain what counts as a "
      "'volunteer fire department' for state certification.",
      "city:Huntsville, AL", ST("AL-3"), WARDEN,
      "an organized group of area residents who meet the following requirements for personnel, training, and "
      "equipment", [r"volunteer fire department"]),  # d1,d3
    S("who represents west virginia on the forest fire compact committee",
      "state:WV", ST("WV-545"), WARDEN,
      "the state forester and the assistant state forester in charge of forest fire control"),  # d9
    S("hilo HI - who is responsible for putting out wildland fires in the forest reserves",
      "city:Hilo, HI", ST("HI-63"), WARDEN,
      "The department shall take measures for the prevention, control, and extinguishment of wildland fires",
      [r"forest reserves"]),  # d9
    S("How many miles of coastline does California's sea level rise law say the state has?",
      "state:CA", ST("CA-6"), OTHER, "1,264 miles of coastline", [r"sea level rise"]),  # d4
    # headings-only sections
    S("My nephew drove around a roadblock and right into the crews on a brush fire up in New Hampshire. Is there "
      "a penalty there for interfering with forest fire control personnel?",
      "state:NH", ST("NH-197"), PEN, None, [r"Interference with Forest Fire Control Personnel"]),  # d1,d10
    S("toms river NJ - is there a law against throwing stuff in the pines that could start a wildfire",
      "city:Toms River, NJ", ST("NJ-203"), PEN, None, [r"Throwing or dropping object"]),  # d9
    S("Does North Carolina law require an annual report on wildfires?",
      "state:NC", ST("NC-288"), WARDEN, None, [r"Annual report on wildfires"]),  # d9
    S("Does Colorado have a WILDLAND FIRE PLANNING law on the books? I'm in Pueblo and the county keeps "
      "talking about it.",
      "city:Pueblo, CO", ST("CO-12"), WARDEN, None, [r"WILDLAND FIRE PLANNING"]),  # d9,d1
    S("PA commission land - can it grant rights for forest fire observation towers",
      "state:PA", ST("PA-302"), WARDEN,
      "rights to maintain airway signals or forest fire observation towers"),  # d9
]

# ---------------------------------------------------------------------------- InciWeb incident updates
INCIWEB = [
    # Arizona
    S("How many homes did the Simmons Fire destory near Kearney AZ?",
      "city:Kearny, AZ", IW(317391), STRUCT, "four primary structures"),  # d5,d4
    S("bryce fire pima az - how many acres when it hit 100%",
      "city:Pima, AZ", IW(323334), ACRES, "3,294 acres"),  # d9,d4
    S("My sister lives in Buckeye, AZ and saw the smoke from the Hazen Fire in May 2026. The city fire "
      "department was first on it, but who ended up taking command of the fire that evening?",
      "city:Buckeye, AZ", IW(327736), AGENCY, "Arizona Department of Forestry and Fire Management (DFFM)"),  # d1
    S("pocket fire north of sedona - what time was it reported",
      "city:Sedona, AZ", IW(328099), START, "5:01 pm"),  # d9,d4
    S("We were planning to take the boat down the Colorado below Ehrenberg, Arizona in August 2026 and then we "
      "heard about the Island Fire in the Cibola refuge. Somebody also said a bridge fell in. Is Hart Mine Road "
      "even open?",
      "city:Ehrenberg, AZ", IW(329312), CLOSURES, "Hart Mine Road is closed at the refuge boundary"),  # d10,d1
    S("greer fire - i know the cause is under invesigation but what time did it start",
      "city:Greer, AZ", IW(323361), START, "approximately 11am"),  # d5,d9,d10
    S("On what date was the Steamboat Fire in Gila County, Arizona declared contained?",
      "county:Gila, AZ", IW(328230), CONT, "July 1, 2026"),  # d4
    S("Rock Canyon Fire, Coconino County: at what time were the BLM and Kaibab fire area closures lifted?",
      "county:Coconino, AZ", IW(328041), CLOSURES, "0600 on June 25, 2026"),  # d4
    S("I grew up in Kanab, Utah, but our grazing allotment is on the Arizona Strip in Coconino County. What "
      "caused the Gunsight Fire in June 2024?",
      "county:Coconino, AZ", IW(317687), CAUSE, "lightning-caused"),  # d2
    S("brady fire by mayer az - which county road did the sheriff close",
      "city:Mayer, AZ", IW(323037), CLOSURES, "County Road 177"),  # d9
    S("Is it even legal for the Forest Service to let the Brigade Fire just burn next to Flagstaff instead of "
      "putting it out?",
      "city:Flagstaff, AZ", IW(322006), RX, "The strategic management of the Brigade Fire",
      [r"hazardous forest fuels"]),  # d6
    # Idaho
    S("Was I allowed to hike Canfield Mountain in Coeur d'Alaine the week after the Nettleton Gulch Fire, or was "
      "the area shut?",
      "city:Coeur d'Alene, ID", IW(323761), CLOSURES, "The Forest area closure remains in place"),  # d6,d5
    S("sunset fire athol idaho - when was it first reported",
      "city:Athol, ID", IW(325213), START, "approximately 3:30 PM August 13, 2025"),  # d9,d4
    S("The Wolf Creek Fire southwest of Donnely, Idaho in 2024 - when was it detected?",
      "city:Donnelly, ID", IW(318771), START, "evening of July 24, 2024"),  # d5,d4
    S("IDL cherry fire latah county - contained on what date",
      "county:Latah, ID", IW(324175), CONT, "7/21/2025"),  # d9,d4
    S("We always camp at Giant White Pine Campground in Latah County in the fall. After the White Pine Fire in "
      "2025, was the campground going to reopen that season?",
      "county:Latah, ID", IW(325992), CLOSURES,
      "Giant White Pine Campground will remain closed for the season"),  # d1,d10
    S("Could the Forest Service legally close the woods around the Slab Fire near Goose Lake, Adams County? Did "
      "they?",
      "county:Adams, ID", IW(321330), CLOSURES, "No area closures have been put in place"),  # d6,d10
    S("Rock Fire near Tamarack Resort in Valley County, Idaho - at what time was it established as an incident?",
      "county:Valley, ID", IW(325176), START, "12:37 a.m. on August 13, 2025"),  # d4
    S("shingle creek fire idaho county - containment % when command went back to the forest",
      "county:Idaho, ID", IW(328187), CONT, "85%"),  # d9,d4
    # Montana
    S("We're driving up to fish Lost Horse Creek in Ravalli County, Montana this weekend and the North Fork Fire "
      "is burning up there. My husband says the whole area is shut. Is Lick Creek Road open right now?",
      "county:Ravalli, MT", IW(329257), CLOSURES, "Lick Creek Road is open"),  # d10,d1
    S("ant park fire white sulphur springs acres??",
      "city:White Sulphur Springs, MT", IW(329604), ACRES, "700 acres"),  # d9,d4
    S("The DNRC County Assist Team took over the Bradshaw Fire southwest of Broadus, MT. How many acres was it?",
      "city:Broadus, MT", IW(327933), ACRES, "2,290 acres"),  # d10,d4,d9
    S("Twin Sisters Fire by Judith Gap, MT - what time did it start?",
      "city:Judith Gap, MT", IW(329255), START, "1:53 p.m. on Saturday, July 25, 2026"),  # d4
    S("What started the Nevada Lake Fire east of Helmville, Montana in October 2024?",
      "county:Powell, MT", IW(322529), CAUSE, "FWP escaped prescribed burn", [r"escaped prescribed burn"]),  # d6
    S("Deadman Fire complex in southeast Montana, July 2024: what percent contained was the McGhee fire?",
      "state:MT", IW(318171), CONT, "89%", [r"McGhee"]),  # d4,d10
    S("What caused the Black Bear Fire east of Hamliton, Montana?",
      "city:Hamilton, MT", IW(329755), CAUSE, "due to lightning"),  # d5
    S("We're heading up past the Spotted Bear Ranger Station to hike next week. Is there a closure in place for "
      "the upper Spotted Bear River drainage because of the Silvertip Fire?",
      "county:Flathead, MT", IW(329515), CLOSURES,
      "A Forest Area Closure is in place for the majority of the upper Spotted Bear River drainage"),  # d1
    S("deer fire missoula - reported when",
      "city:Missoula, MT", IW(324324), START, "evening of July 18"),  # d9
    # Oregon
    S("My cousins live in North Powder, Oregon and I can't reach them. The Anthony Fire is up by the ski area. "
      "Are there evacuation orders in place right now?",
      "city:North Powder, OR", IW(328606), EVAC, "Evacuation orders are in place"),  # d1,d10
    S("did the coleman creek fire get as far as juntura",
      "city:Juntura, OR", IW(329273), ACRES, "reaching as far as Highway 20 and the small community of Juntura",
      [r"Juntura"]),  # d9
    S("who is in charge of the Wrights Spring fire east of Chiloquin right now",
      "city:Chiloquin, OR", IW(329919), AGENCY, "NW Team 7 assumed command of the fire August 21, 2026"),  # d9
    S("ODF or USFS running the east evans creek fire NE of rogue river OR?",
      "city:Rogue River, OR", IW(328654), AGENCY,
      "Oregon Department of Forestry Southwest Oregon District"),  # d9,d10
    S("How many acres did the Crazy Creek Fire north of Paulina, Oregon burn in 2024?",
      "county:Crook, OR", IW(318851), ACRES, "86,968", [r"Acreage"]),  # d4
    S("When was the Shoe Fly Fire in Wheeler County, Oregon first reported?",
      "county:Wheeler, OR", IW(321008), START, "Monday, September 2, 2024 at 4:22 a.m."),  # d4
    S("Is it legal to go back onto the BLM ground near Dayville after the Rail Ridge Fire, or is there still a "
      "closure order?",
      "city:Dayville, OR", IW(321010), CLOSURES, "The Bureau of Land Management has rescinded their closure"),  # d6
    S("boulder fire dufur OR - acres burned",
      "city:Dufur, OR", IW(313428), ACRES, "233 acres"),  # d9
    S("A crew with Georgia plates at the gas station in Prineville said they were on a fire south of Post, "
      "Oregon. Which incident management team took over the Coyote Fire down there in August 2026?",
      "county:Crook, OR", IW(328922), AGENCY, "Georgia Forestry Type 3 Incident Management Team"),  # d1,d10
    S("Oregon's Egypt Fire in July 2026: when did Southern Area Team 2 take command?",
      "state:OR", IW(328939), AGENCY, "July 19 at 6 AM", [r"Egypt Fire"]),  # d4
    # Washington
    S("We know the 2026 Railroad Fire near Beverly, Washington got past 8,000 acres. How many homes did it "
      "destroy?",
      "county:Grant, WA", IW(329151), STRUCT, "10 primary residences"),  # d10,d4
    S("the upriver fire east of spokanne - who reported it 100% contained",
      "city:Spokane, WA", IW(328056), CONT, "Spokane County Fire District 9"),  # d5,d9
    S("Pearl Hill Fire in Douglas County, WA: how long and how wide is its footprint?",
      "county:Douglas, WA", IW(329306), ACRES, "approximately 10 miles long and one mile wide",
      [r"footprint"]),  # d4
    S("Kaiser Canyon Fire by Nespelem - are road closures and evacuations in place now?",
      "city:Nespelem, WA", IW(328772), EVAC, "Road closures and evacuations are in place"),  # d10
    S("My son fights fire back in Maine and says his team got sent out west. Which team was assigned to the Luna "
      "Fire in North Cascades National Park beginning August 4?",
      "county:Whatcom, WA", IW(329096), AGENCY, "The Maine Incident Management Team"),  # d1
    S("backbone fire packwood WA - when did it start",
      "city:Packwood, WA", IW(330559), START, "August 5, 2026"),  # d9
    S("How big was the Bridge Creek Fire north of Keller, WA in early August 2024?",
      "city:Keller, WA", IW(318486), ACRES, "3998 acres"),  # d4
    S("What time did the Crescent Road fire start on the Lincoln-Spokane county line in August 2025?",
      "county:Lincoln, WA", IW(325215), START, "approximately 4 pm on August 13, 2025"),  # d4
    S("kachess complex kittitas county - which IMT handed it back to the cle elum RD in aug 2024",
      "county:Kittitas, WA", IW(320080), AGENCY, "Albuquerque Zone Type 3 Incident Management Team"),  # d9
    S("Labor Mountian Fire northeast of Cle Elum - what started it and when?",
      "city:Cle Elum, WA", IW(326072), CAUSE, "started by lightning on Monday, September 1st"),  # d5
    S("Was it legal to drive Highway 410 past the Lodgepole Fire in August 2024, or was the road closed?",
      "county:Yakima, WA", IW(320091), CLOSURES, "Highway 410 remains open for travel"),  # d6
    S("tunnel creek fire quilcene cause",
      "city:Quilcene, WA", IW(326791), CAUSE, "caused by lightning"),  # d9
    S("royal lake fire othello WA - what started it",
      "city:Othello, WA", IW(328837), CAUSE, "from a lightning strike"),  # d9
    S("When did the Hudspeth Fire near Hunters in Stevens County start?",
      "county:Stevens, WA", IW(329750), START, "August 1, 2026"),  # d4
    # Colorado
    S("310 fire parachute CO - how contained is it right now?",
      "city:Parachute, CO", IW(329940), CONT, "65% containment"),  # d9,d4
    S("The 310 Fire near Parachute is on BLM land now, but somebody told me it began at a house. What did it "
      "start as?",
      "city:Parachute, CO", IW(329940), CAUSE, "started as a structure fire on private land",
      [r"structure fire"]),  # d10
    S("Aspen Acres Fire northwest of Rye, Colorado - how strong did the wind gusts get?",
      "city:Rye, CO", IW(328399), RFW, "gusts estimated up to 100 mph"),  # d4
    S("ferris fire dolores CO - date and time declared 100% contained",
      "city:Dolores, CO", IW(328269), CONT, "7 PM on Wednesday, August 5, 2026"),  # d9,d4
    S("When was the La Plata Fire near Twin Lakes in Chaffee County, Colorado reported?",
      "county:Chaffee, CO", IW(325425), START, "August 17, 2025, at 5:46 p.m."),  # d4
    S("#oakridgefire_co was there ever an evacuation order",
      "county:Pueblo, CO", IW(317654), EVAC,
      "There are currently no evacuations due to the Oak Ridge Fire"),  # d9,d6
    S("We live off Valle Seco Road south of Pagosa Springs and the Rio Blanco Fire is out there. Is our road "
      "closed?",
      "city:Pagosa Springs, CO", IW(329386), CLOSURES, "The Valle Seco Road (NFSR 653) and all spur roads are "
      "closed to the public"),  # d1
    S("Can I legally hike back into the Stoner Mesa burn area in Dolores County now?",
      "county:Dolores, CO", IW(324916), CLOSURES, "The Stoner Mesa Fire area closure has been rescinded"),  # d6
    # New Mexico
    S("Not the Beehive Fire over in Montrose County, Colorado - the one west of Tres Piedras, New Mexico. Who was "
      "the incident commander?",
      "county:Rio Arriba, NM", IW(328234), AGENCY, "Steven Griego"),  # d2
    S("encerrita fire grants NM - when was it discovered",
      "city:Grants, NM", IW(317579), START, "Saturday, June 15"),  # d9
    S("Iron Fire in the Gila Wilderness, 2025: on what day was it called 100% contained?",
      "county:Catron, NM", IW(323302), CONT, "Monday, May 12"),  # d4
    S("How big was the Nacimiento wildfire south of the mine, the one you could see from Cuba, NM?",
      "city:Cuba, NM", IW(327533), ACRES, "10-acre wildfire"),  # d4
    S("Santa Fe NF small fires 2025: at how many acres was the Corral Fire in the Espanola District contained?",
      "county:Los Alamos, NM", IW(323180), ACRES, "contained at 0.25 acre"),  # d4,d9
    # Nevada, Utah, Wyoming, South Dakota, Nebraska, Alaska
    S("18 Mile Fire north of Montello NV - when was it reported?",
      "city:Montello, NV", IW(328700), START, "approximately 6:05 p.m. on July 13"),  # d4
    S("Great Basin National Park lightning fires July 2024 - how big did the Mill Creek Fire get?",
      "county:White Pine, NV", IW(318299), ACRES, "0.1 acre"),  # d4
    S("Stookey fire west of Vernon, Utha - what caused it?",
      "city:Vernon, UT", IW(328743), CAUSE, "due to natural causes"),  # d5
    S("widemouth 2 fire kanosh utah start date",
      "city:Kanosh, UT", IW(329650), START, "7/27/2026"),  # d9
    S("Taylor Draw Fire west of Hanna, Wyoming - when did it reach 100% containment?",
      "city:Hanna, WY", IW(323746), CONT, "July 3, 2025"),  # d4
    S("Short Draw Fire on the Montana line: when did command go back to Campbell County?",
      "county:Campbell, WY", IW(321503), AGENCY, "6 a.m. on Saturday, September 21"),  # d4
    S("Coyote Flats Fire near Rockerville SD - reported when?",
      "county:Pennington, SD", IW(327504), START, "March 18, 2026 at 1:21pm"),  # d9
    S("log road fire sioux county nebraska first reported",
      "county:Sioux, NE", IW(328394), START, "11:37am June 29th"),  # d9
    S("We had a Denali bus tour booked for July 2024 and heard the park shut because of the Riley Fire by the "
      "entrance. When did they let visitors back in?",
      "county:Denali Borough, AK", IW(317811), EVAC, "Wednesday, July 10"),  # d1
    # Minnesota, Texas
    S("Could the Forest Service end up liable for the 2026 Birch Bay Fire by Burntside Lake? What did the state "
      "investigator say started it?",
      "county:St. Louis, MN", IW(327955), CAUSE, "chainsaw operations"),  # d6,d10
    S("flanders fire breezy point MN final acres",
      "city:Breezy Point, MN", IW(327845), ACRES, "1712 acres"),  # d9,d4
    S("Horse River Fire northeast of Ely, Minnesota - when was it first detected?",
      "city:Ely, MN", IW(323427), START, "May 22, 2025"),  # d4
    S("Stewart Trail Fire north of Two Harbors - what day was it detected?",
      "city:Two Harbors, MN", IW(327828), START, "Friday, May 15, 2026"),  # d4
    S("Munger Shaw wildfire southeast of Cotton, MN: acres and containment?",
      "county:St. Louis, MN", IW(323359), CONT, "1,259 acres and 95% containment"),  # d4
    S("Ballard Creek fire by Matador TX - what time did TAMFS respond?",
      "city:Matador, TX", IW(327426), START, "1 p.m. on Friday, March 6, 2025",
      [r"responded to a wildfire"]),  # d9
    S("Bell 2.0 Fire north of Dickens, Texas - when did it start?",
      "city:Dickens, TX", IW(327557), START, "approximately 11:30 AM on March 26, 2026"),  # d4
    S("What time was the Flat Fork Creek Fire near Tenaha declared 100% contained?",
      "city:Tenaha, TX", IW(327520), CONT, "3:17 PM"),  # d4
    S("neon beige fire NW of amarilo - 100% contained when",
      "city:Amarillo, TX", IW(327471), CONT, "5:45 PM on March 16, 2026"),  # d5,d9
    S("north twin fire sanford tx cause",
      "city:Sanford, TX", IW(327603), CAUSE, "multiple roadside starts", [r"roadside starts"]),  # d9
    S("My uncle farms outside Sanford, TX and the North Twin Fire started along the road up there in April "
      "2026. Did they evacuate anybody?",
      "city:Sanford, TX", IW(327603), EVAC, "None are currently in effect"),  # d1
    S("My mother lives alone out in San Jacinto County and doesn't drive. During the Pauline Road Fire, where "
      "was the evacuation shelter?",
      "county:San Jacinto, TX", IW(323135), EVAC, "255 Live Oak, Cold Springs, TX"),  # d1
    S("Red Creek Fire southeast of Haskell, Texas - what day did it start?",
      "city:Haskell, TX", IW(320261), START, "August 16th, 2024"),  # d4
    S("How many fire departments helped on the Williams Road Fire by Lake Buchanan?",
      "county:Burnet, TX", IW(327175), AGENCY, "9 fire departments", [r"fire departments"]),  # d4
    S("Cypress Creek Wilderness Fire near Zavalla: what day did it start?",
      "city:Zavalla, TX", IW(327398), START, "Tuesday, February 24, 2026"),  # d4
    # California (InciWeb)
    S("talbot fire - we're up in truckee - when was it reported",
      "city:Truckee, CA", IW(330396), START, "Thursday, Aug. 12, 2026"),  # d9,d1
    S("Canyon Fire on the Angeles NF, August 2024: it held at 16 acres, but how contained was it by Friday "
      "morning, Aug. 23?",
      "county:Los Angeles, CA", IW(320504), CONT, "Containment = 80%"),  # d10,d4
    S("Hill Fire south of Wilow Creek 2024 - were the evacuashun orders lifted?",
      "city:Willow Creek, CA", IW(318245), EVAC, "All evacuation orders and warnings have been lifted"),  # d5
    S("Marble Complex 2025: the Summit and the Jacket fires - how big did the Jacket get?",
      "county:Siskiyou, CA", IW(323816), ACRES, "46 acres"),  # d10,d4
    S("What time did the Democrat Fire in the Kern River Canyon start in May 2025?",
      "county:Kern, CA", IW(323408), START, "Sunday, May 18th, 2025, at approximately 3:30 p.m."),  # d4
]

# ---------------------------------------------------------------------------- InciWeb summaries (2021-2022)
SUMMARIES = [
    S("Lime Complex in Alaska, 2022 - at what date and time is its start logged?",
      "state:AK", IWS(8173), START, "June 14, 2022 at 8:00 PM", [r"Lime Complex"]),  # d4
    S("alaska fire #349 minto lakes - start date",
      "county:Yukon-Koyukuk, AK", IWS(8182), START, "June 21st"),  # d9
    S("We're in McCook and the smoke came up from the south in April 2022. Where did the Road 702 Fire in Red "
      "Willow County begin?",
      "county:Red Willow, NE", IWS(8081), START, "began in Kansas on April 22, 2022"),  # d1,d2
    S("What time was the Bovee Fire in Thomas County, Nebraska reported?",
      "county:Thomas, NE", IWS(8437), START, "1:38 p.m. on October 2"),  # d4
    S("Hoosier National Forest prescribed fire out of Bedford, Indiana - what date was the plan announced?",
      "city:Bedford, IN", IWS(7887), RX, "October 22, 2021"),  # d4
    S("how many prescribed fires did indiana dunes NP plan for spring 2022",
      "county:Porter, IN", IWS(8001), RX, "6 prescribed fires"),  # d9,d4
    S("huron-manistee NF winter rx burning 2022 - planned?",
      "county:Wexford, MI", IWS(7928), RX, None),  # d9
    S("PA - the Izenbrown Corners prescribed burn in Forest County 2022, did it get done?",
      "county:Forest, PA", IWS(8087), RX, "This prescribed burn was successfully completed"),  # d9
    S("We hunt turkey on the Allegheny in Warren County, PA. Is the Forest Service planning prescribed burns "
      "there this spring?",
      "county:Warren, PA", IWS(8084), RX, None),  # d1
    S("big mountain unit 1 rx burn pendleton county WV - who is doing it",
      "county:Pendleton, WV", IWS(8082), RX, "Monongahela National Forest officials"),  # d9
    S("Botetourt County, Virginia has smoke every spring and my husband says it's the national forest burning "
      "on purpose. Which national forests were running the 2022 prescribed burns?",
      "county:Botetourt, VA", IWS(7945), RX, "George Washington and Jefferson National Forests"),  # d10
    S("Cooks Peak Fire in Mora County NM, May 12, 2022 update - was a RED FLAG warning out?",
      "county:Mora, NM", IWS(8066), RFW, None),  # d9
    S("Hermits Peak Fire in San Miguel County - what day did it begin?",
      "county:San Miguel, NM", IWS(8069), START, "April 6"),  # d4
    S("nogal canyon fire lincoln county NM - when did it start",
      "county:Lincoln, NM", IWS(8062), START, "April 12, 2022"),  # d9
    S("Overflow Fire in Chaves County, 2022 - on what date did the BLM declare it?",
      "county:Chaves, NM", IWS(8053), START, "April 7, 2022", [r"declared"]),  # d4,d9
    S("Cienegita fire in Otero County - start date?",
      "county:Otero, NM", IWS(8132), START, "6/3/2022"),  # d4
    S("Kinsley Fire northeast of Ely, Nevada - how many acres?",
      "city:Ely, NV", IWS(8167), ACRES, "3,209-acre"),  # d4
    S("Dodge Springs Fire, Lincoln County NV: final size?",
      "county:Lincoln, NV", IWS(8268), ACRES, "5,644-acre"),  # d4
    S("Becky Peak Fire in the Schell Creek Range - how many acres did it burn?",
      "county:White Pine, NV", IWS(8210), ACRES, "5,989-acre"),  # d4
    S("Jacob City Fire, Tooele County: on what date did the fire prevention order start?",
      "county:Tooele, UT", IWS(8224), RESTR, "July 13th", [r"Fire Prevention Order"]),  # d4
    S("Halfway Hill Fire in Utah - when was it detected?",
      "state:UT", IWS(8215), START, "July 8, 2022", [r"Halfway Hill"]),  # d4
    S("The Left Fork Fire in Kane County, Utah - people say a Forest Service burn got away. What was ignited "
      "back in April 2022?",
      "county:Kane, UT", IWS(8169), RX, "a planned ignition of slash piles", [r"slash piles"]),  # d6,d10
    S("fish fire crook county wyoming - reported when",
      "county:Crook, WY", IWS(8294), START, "Sunday, July 31 at 11:30 a.m."),  # d9
    S("TW Fire in Johnson County, Wyoming: what time was it reported on August 21, 2022?",
      "county:Johnson, WY", IWS(8350), START, "1530"),  # d4
    S("When was Wyoming's Sugarloaf Fire declared 100% contained in 2022?",
      "state:WY", IWS(8279), CONT, "August 17", [r"Sugarloaf"]),  # d4
    S("VANTAGE HIGHWAY FIRE KITTITAS COUNTY - START TIME?",
      "county:Kittitas, WA", IWS(8303), START, "August 1, 2022 at 1205 PM PDT"),  # d9
    S("Cow Canyon Fire in Washington - when was it first reported?",
      "state:WA", IWS(8305), START, "August 3rd at 2:45 p.m.", [r"Cow Canyon"]),  # d4
    S("Potter Fire on the Umpqua in 2022 - what time was it reported?",
      "county:Douglas, OR", IWS(8291), START, "9:00am, Sunday, July 31, 2022"),  # d4
    S("Cedar Creek Fire in Lane County, Oregon - what started it in Agust 2022?",
      "county:Lane, OR", IWS(8307), CAUSE, "lightning storm"),  # d5
    S("south moccasin fire fergus county MT - start date and time",
      "county:Fergus, MT", IWS(7858), START, "Monday, October 4, 2021 around 12:45pm"),  # d9,d4
    S("Sutton Fire in Lincoln County, Montana: acres and percent contained?",
      "county:Lincoln, MT", IWS(8335), CONT, "108 acres and is 95% contained"),  # d4
    S("West Wind Fire in Judith Basin County - when was it first reported?",
      "county:Judith Basin, MT", IWS(7897), START, "Tuesday, November 30, 2021"),  # d4
    S("High Park Fire in Teller County, Colorado, May 2022 - time it was reported?",
      "county:Teller, CO", IWS(8102), START, "4:16 p.m. May 12, 2022"),  # d4
    S("Muddy Slide Fire in Routt County: acres and containment?",
      "county:Routt, CO", IWS(7566), CONT, "4,093 acres and 80% contained"),  # d4
    S("ross fork fire camas county ID - cause + date",
      "county:Camas, ID", IWS(8375), CAUSE, "started by lightning on August 12, 2022"),  # d9
    S("Elgin Bridge Fire in southern Arizona - final acreage?",
      "state:AZ", IWS(8119), ACRES, "2,149 acres", [r"Elgin Bridge"]),  # d4
    S("raspberry fire cochise county AZ 2022 - reported what time",
      "county:Cochise, AZ", IWS(8162), START, "June 14, 2022, at 11:51 AM"),  # d9
    S("Route Fire in LA County, 2022 - how big was it at the final update?",
      "county:Los Angeles, CA", IWS(8369), ACRES, "5,208-acres"),  # d4
    S("The Windy Fire in Tulare County was ignited on September 9, 2021. How many acres had it burned?",
      "county:Tulare, CA", IWS(7841), ACRES, "97,528-acre"),  # d10,d4
    S("Everyone thinks I mean California when I say it, but the Los Angeles Fire I'm asking about was in La "
      "Salle County, Texas. Who asked for help on it?",
      "county:La Salle, TX", IWS(8042), AGENCY, None, [r"Texas A&M Forest Service"]),  # d2,d10
    S("Polk County, Texas wildfires August 2022 - total acres burned across all the fires?",
      "county:Polk, TX", IWS(8321), ACRES, "703"),  # d4
    S("holly fire texas july 2022 - containment %",
      "state:TX", IWS(8242), CONT, "90%", [r"Holly Fire"]),  # d9
    S("Yellow Brick Fire in Palo Pinto County - what casued it?",
      "county:Palo Pinto, TX", IWS(8327), CAUSE, "caused by a lightning strike"),  # d5
    S("Pine Pond Fire in Bastrop County - when did it reach 100% containment?",
      "county:Bastrop, TX", IWS(8324), CONT, "August 20, 2022"),  # d4
    S("Colony Fire north of Tolar, Texas - what date did it start?",
      "city:Tolar, TX", IWS(8300), START, "August 3, 2022"),  # d4
    S("honey creek fire uvalde county acres",
      "county:Uvalde, TX", IWS(8245), ACRES, "353 acres"),  # d9
]

# ---------------------------------------------------------------------------- CAL FIRE incidents
CALFIRE = [
    S("When did the Montecitto mudslides below the Thomas Fire burn scar start?",
      "city:Montecito, CA", CAL("23cbd274-ded3-43ea-9174-b5615eac3244"), OTHER, "January 9, 2018"),  # d5,d4
    S("We drove down I-5 from Medford to Lakehead, California in September 2018 and the Delta Fire shut the "
      "freeway. When was it finally contained?",
      "city:Lakehead, CA", CAL("ba818380-4001-46a2-ac04-d5f322cdf3b9"), CONT, "October 7, 2018"),  # d2,d4
    S("My parents live off Cole Grade Road in Valley Center. During the Miller Fire in October 2019, where was "
      "the evacuation shelter?",
      "city:Valley Center, CA", CAL("7ff229e4-be94-4319-8916-19eb43753843"), EVAC,
      "Valley Center Middle School, 28102 N Lake Wohlford Road"),  # d1
    S("briceburg fire midpines 2019 - evac orders lifted?",
      "city:Midpines, CA", CAL("e7aeb204-15af-4a2a-8f2a-bfd2c8dbe411"), EVAC,
      "All Mandatory Evacuation Orders and Fire advisements have been lifted"),  # d9
    S("Real Fire west of El Capitan, October 2019: on what date was full containment expected?",
      "county:Santa Barbara, CA", CAL("baa2a51c-40bc-420c-9f88-db4783872d65"), CONT, "10/21/19"),  # d4
    S("mcmurray fire north of buellton 2019 - was the 101 closed",
      "city:Buellton, CA", CAL("4cebaf5a-70a7-4262-864b-fb3fe3b1d84d"), CLOSURES,
      "Hwy 101 northbound is closed"),  # d9
    S("Stoll Fire west of Red Bluff in 2018 burned 268 acres - on what date was it contained?",
      "city:Red Bluff, CA", CAL("72999057-198b-4cd2-a316-2e854ef9a7f8"), CONT, "June 27, 2018"),  # d10,d4
    S("holiday fire goleta 2018 start date",
      "city:Goleta, CA", CAL("76725105-a814-4e8d-bd5b-d0f2f1879dae"), START, "July 6, 2018"),  # d9
    S("grade fire yreka 2016 - which roads stayed closed to non residents",
      "city:Yreka, CA", CAL("a2a6199c-704a-4826-a51b-23e6ee123349"), CLOSURES,
      "Rocky Gulch and Hawkinsville Humbug Rd will remain closed to non-residence"),  # d9
    S("Lone Fire by Palermo, June 2013 - the fires along Lone Tree Rd merged into how many significant fires?",
      "city:Palermo, CA", CAL("1a5192f1-bc99-4130-8683-381e0534b76a"), ACRES, "3 significant fires"),  # d4
    S("Who handled evacuation informtion for the 2019 Tick Fire in Canyon Country?",
      "city:Canyon Country, CA", CAL("020310d3-7834-4f57-a125-eff0eb3f54e5"), EVAC,
      "Santa Clarita Valley Sheriff"),  # d5
    S("are mandatory evacuations in place for the hill fire in jurupa valley",
      "city:Jurupa Valley, CA", CAL("8f23653c-1a4c-4609-bfb3-72b1665eab69"), EVAC,
      "Mandatory evacuations and road closures are in place"),  # d9
    S("Butts Fire of 2014, southeast of Middletown - how many acres?",
      "city:Middletown, CA", CAL("2437bb57-1d09-4892-8c26-a60661dae1d9"), ACRES, "4,300 acres"),  # d4
]

# ---------------------------------------------------------------------------- county reports asked about their state
STATE_WARNS = [
    S("How many acres did the 2024 Crazy Creek Fire burn in Oregon?",
      "state:OR", IW(318851), ACRES, "86,968", [r"Crazy Creek"]),  # d4
    S("Montana's Bradshaw Fire in May 2026 - when was it discovered?",
      "state:MT", IW(327933), START, "May 26, 2026, at 7:39 p.m.", [r"Bradshaw"]),  # d4
    S("texas neon beige fire - when did it start",
      "state:TX", IW(327471), START, "evening on March 15, 2026", [r"Neon Beige"]),  # d9
    S("How many structures did Arizona's Simmons Fire damage in 2024?",
      "state:AZ", IW(317391), STRUCT, "damaged five", [r"Simmons"]),  # d4
    S("A friend canoed the Boundary Waters in May 2025 and saw smoke. What ignited Minnesota's Horse River Fire?",
      "state:MN", IW(323427), CAUSE, "ignited by a lightning strike", [r"Horse River"]),  # d1
    S("Washington's Railroad Fire in July 2026 - how many acres?",
      "state:WA", IW(329151), ACRES, "8216 acres", [r"Railroad Fire"]),  # d4
    S("Colorado's Aspen Acres Fire - when was it first reported?",
      "state:CO", IW(328399), START, "June 29th at approximately 6:00am", [r"Aspen Acres"]),  # d4
    S("nevada dodge springs fire - contained yet",
      "state:NV", IWS(8268), CONT, "100-percent contained", [r"Dodge Springs"]),  # d9
    S("Wyoming's Taylor Draw Fire - which BLM field office managed the land?",
      "state:WY", IW(323746), AGENCY, "Rawlins Field Office", [r"Taylor Draw"]),  # d9
    S("Alaska's Riley Fire near the Denali entrance - at what time was it reported?",
      "state:AK", IW(317811), START, "12:30 pm on Sunday, June 30, 2024", [r"Riley Fire"]),  # d4
    S("Who was the incident comander on New Mexico's 2026 Bear Fire on the Quemado Ranger Distict?",
      "state:NM", IW(328011), AGENCY, "Marcus Cornwell", [r"Bear Fire"]),  # d5
    S("Utah's Yellow Lake Fire by Mill Hollow Reservoir - start date?",
      "state:UT", IW(322139), START, "Sept 28, 2024", [r"Yellow Lake"]),  # d4
    S("How many acres did California's 2018 Delta Fire burn?",
      "state:CA", CAL("ba818380-4001-46a2-ac04-d5f322cdf3b9"), ACRES, "63,311 acres", [r"Delta Fire"]),  # d4
    S("2025 marble complex CA - which IMT took command july 5",
      "state:CA", IW(323816), AGENCY, "Complex Interagency Incident Management Team 9 (Gould)",
      [r"Marble Complex"]),  # d9
    S("Pennsylvania 2022: did the Izenbrown Corners prescribed burn get done?",
      "state:PA", IWS(8087), RX, "This prescribed burn was successfully completed", [r"Izenbrown"]),  # d10
    S("How many prescribed fires did Indiana's Dunes national park plan for spring 2022?",
      "state:IN", IWS(8001), RX, "6 prescribed fires", [r"Indiana Dunes"]),  # d4
    S("Nebraska Bovee Fire, October 2022 - reported at what time?",
      "state:NE", IWS(8437), START, "1:38 p.m. on October 2", [r"Bovee"]),  # d4
    S("My husband works at Tamarack Resort and was evacuated in August 2025. What started Idaho's Rock Fire up "
      "there?",
      "state:ID", IW(325176), CAUSE, "lightning-caused", [r"Rock Fire"]),  # d1
]

# ---------------------------------------------------------------------------- a town asking about its county's report
TOWN_WARNS = [
    S("We have a cabin in Cle Elum. What started the Kachess Complex fires in August 2024?",
      "city:Cle Elum, WA", IW(320080), CAUSE, "lightning-sparked", [r"Kachess"]),  # d1
    S("I live in Emmett, Idaho and the smoke from the Lava Fire sat on us for weeks. What day did it start?",
      "city:Emmett, ID", IW(321158), START, "Monday, September 2nd", [r"Lava Fire"]),  # d1,d4
    S("Ely outfitter here - how big was the Tiger Fire on Lac La Croix in June 2026?",
      "city:Ely, MN", IW(327986), ACRES, "1 acre", [r"Tiger Fire"]),  # d1,d4
    S("We're in Grand Marais. Was the Long 2 Fire in the BWCAW caused by lightning?",
      "city:Grand Marais, MN", IW(328459), CAUSE, "lightning caused", [r"Long 2"]),  # d1,d9
    S("salmon idaho - black eagle fire detected when",
      "city:Salmon, ID", IW(320981), START, "August 5", [r"Black Eagle"]),  # d9
    S("prineville OR - crazy creek fire cause?",
      "city:Prineville, OR", IW(318851), CAUSE, "from lightning", [r"Crazy Creek"]),  # d9
    S("I'm in Kalispell and could see smoke toward the Bob. When was the Pentagon Fire started, and by what?",
      "city:Kalispell, MT", IW(319564), CAUSE, "started by lightning from a dry thunderstorm on July 24",
      [r"Pentagon Fire"]),  # d1,d10
    S("brady fire prescott NF - what road did the sheriff close",
      "city:Prescott, AZ", IW(323037), CLOSURES, "County Road 177", [r"Brady Fire"]),  # d9
    S("Cody, WY: the Sleeper Ranch Fire - what kind of team was ordered?",
      "city:Cody, WY", IW(325262), AGENCY, "A Type 3 Incident Management Team has been ordered",
      [r"Sleeper Ranch"]),  # d9
    S("elko NV - the snowstorm fire got merged into what",
      "city:Elko, NV", IW(324823), AGENCY, "managed as the Jakes Fire moving forward", [r"Snowstorm"]),  # d9
]

# ---------------------------------------------------------------------------- fires the corpus does not hold
ABSENT_FIRES = [
    S("When did the Bluebird Canyon Fire near Dillon, Montana start?",
      "city:Dillon, MT", [], START, None, [r"Bluebird"]),  # d4
    S("how many acres did the whiskey flats fire burn in elko county nv",
      "county:Elko, NV", [], ACRES, None, [r"Whiskey Flat"]),  # d9,d4
    S("Are there evacuashuns for the Sage Hen Fire near Burns, Oregon?",
      "city:Burns, OR", [], EVAC, None, [r"Sage ?Hen"]),  # d5
    S("Was the Juniper Butte Fire outside Madras, Oregon started by people or by lightning?",
      "city:Madras, OR", [], CAUSE, None, [r"Juniper Butte"]),  # d10
    S("Cottonwood Draw Fire in Natrona County, WY - percent contained?",
      "county:Natrona, WY", [], CONT, None, [r"Cottonwood Draw"]),  # d4
    S("My in-laws are up in Ruidoso and mentioned the Turkey Ridge Fire. What started it?",
      "city:Ruidoso, NM", [], CAUSE, None, [r"Turkey Ridge"]),  # d1
    S("The Lost Lake Fire I mean is the one near Bend, Oregon in 2025, not the Arizona one. How many homes did "
      "it burn?",
      "city:Bend, OR", [], STRUCT, None, [r"Lost Lake"]),  # d2,d8,d4
    S("Canyon Creek Fire near Hamilton MT 2026 - containment??",
      "city:Hamilton, MT", [], CONT, None, [r"Canyon Creek"]),  # d9
    S("The 2016 Chimney Tops 2 fire that came into Gatlinburg - how many structures burned?",
      "city:Gatlinburg, TN", [], STRUCT, None, [r"Chimney Tops"]),  # d4
    S("Lahaina, Maui, August 2023: how many acres burned in the wildfire?",
      "city:Lahaina, HI", [], ACRES, None, [r"Lahaina"]),  # d4
    S("Ridge Road Fire in Crawford County, Pennsylvania - when did it start?",
      "county:Crawford, PA", [], START, None, [r"Ridge Road"]),  # d4
    S("What time was the Sawmill Flats Fire near Ely, Nevada reported?",
      "city:Ely, NV", [], START, None, [r"Sawmill Flat"]),  # d4
    S("ferris fire - we're in durango - any evacuations",
      "city:Durango, CO", [], EVAC, None, [r"Ferris"]),  # d9,d8
    S("Is the Alpowa Fire threatening Lewiston, Idaho?",
      "city:Lewiston, ID", [], EVAC, None, [r"Alpowa"]),  # d8
    S("greer fire - we're in show low - are we under evacuation",
      "city:Show Low, AZ", [], EVAC, None, [r"Greer"]),  # d9,d8
    S("Everyone keeps talking about the La Plata Fire. Is it burning in La Plata County, Colorado, around "
      "Durango?",
      "county:La Plata, CO", [], ACRES, None, [r"La Plata Fire"]),  # d8,d10
    S("Any evacuations in Rio Blanco County, CO for the Rio Blanco Fire? Meeker is my hometown.",
      "county:Rio Blanco, CO", [], EVAC, None, [r"Rio Blanco Fire(?! Protection)"]),  # d8,d1
    S("When did the Mesa Verde Road fire near Cortez start in 2025?",
      "city:Cortez, CO", [], START, None, [r"Mesa Verde Road"]),  # d4
    S("How many acres did the Buckskin Fire near Kingman, Arizona burn?",
      "city:Kingman, AZ", [], ACRES, None, [r"Buckskin"]),  # d4
]

# ----------------------------------------------------------------------- law about a fire, and topics, with no evidence
NO_EVIDENCE = [
    S("The North Twin Fire near Sanford, TX was a bunch of roadside starts. What's the Texas penalty for "
      "tossing a lit cigarette out of a truck?",
      "city:Sanford, TX", [], PEN, None),  # d6,d10
    S("The Nevada Lake Fire near Helmville was an escaped FWP prescribed burn. Under Montana law, who is liable "
      "for the damage to the private land?",
      "county:Powell, MT", [], PEN, None),  # d6
    S("After the Greer Fire, can Arizona make whoever started it pay the suppression costs?",
      "city:Greer, AZ", [], PEN, None, [r"suppression cost|cost of suppress|costs of suppression"]),  # d6
    S("The Crazy Creek Fire burned our grazing allotment near Paulina. Does Oregon law give ranchers any "
      "compensation?",
      "county:Crook, OR", [], RECOVERY, None, [r"compensat|reimburse"]),  # d6,d1
    S("burn ban lincoln county nm??",
      "county:Lincoln, NM", [], BURN, None, [r"burn(ing)?[ -]ban"]),  # d9,d8
    S("Lewis and Clark County had a burn ban last summer. Is there one in Cascade County, Montana?",
      "county:Cascade, MT", [], BURN, None),  # d8,d2
    S("red flag warning coos county oregon today?",
      "county:Coos, OR", [], RFW, None),  # d9,d8
    S("Up at the cabin in Lake County, MN I needed a burning permit. Do I need one for a brush pile in Hennepin "
      "County?",
      "county:Hennepin, MN", [], BURN, None),  # d2,d8,d1
    S("Are there Stage 2 fire restrictions in Marquette County, Michigan?",
      "county:Marquette, MI", [], RESTR, None),  # d8
    S("North Carolina foresters talk about defensible space a lot. What are the rules for Rabun County, "
      "Georgia?",
      "county:Rabun, GA", [], DS, None),  # d2,d8
    S("Are prescribed burns planned in the Pine Barrens in Suffolk County, New York this spring?",
      "county:Suffolk, NY", [], RX, None),  # d8
    S("Is there a burn ban in Travis County, TX right now?",
      "county:Travis, TX", [], BURN, None),  # d8
    S("Any wildfire evacuation orders in Knox County, Tennessee?",
      "county:Knox, TN", [], EVAC, None),  # d8
    S("RED FLAG WARNING for Oklahoma County, OK?",
      "county:Oklahoma, OK", [], RFW, None),  # d9,d8
    S("Connecticut has a burning ban law. Is there a burning ban in Providence County, Rhode Island?",
      "county:Providence, RI", [], BURN, None),  # d2,d8
    S("Is there a red flag warning for Las Vegas, Nevada?",
      "city:Las Vegas, NV", [], RFW, None),  # d8
    S("billings MT burn permit needed for ditch burning?",
      "city:Billings, MT", [], BURN, None),  # d9,d8
    S("Are there any fire restrictions in Anchorage, Alaska?",
      "county:Anchorage, AK", [], RESTR, None),  # d8
    S("Do we need a burn permit in Columbus, Ohio for a backyard fire pit?",
      "city:Columbus, OH", [], BURN, None),  # d8
    S("After a winter fire in the Ozarks near Harrison, Arkansas, who do you call for a burned-area recovery "
      "assessment?",
      "city:Harrison, AR", [], RECOVERY, None),  # d8,d10
    S("Fayette County, Kentucky - any red flag warnings issued?",
      "county:Fayette, KY", [], RFW, None),  # d8
    S("Are there defensible space requirements in Worcester County, Massachusetts?",
      "county:Worcester, MA", [], DS, None),  # d8
    S("Is a prescribed burn planned near Frederick, Maryland?",
      "city:Frederick, MD", [], RX, None),  # d8
    S("Drone rules near wildfires in Salt Lake County, Utah?",
      "county:Salt Lake, UT", [], DRONES, None),  # d8,d9
    S("The Ant Park Fire is burning by White Sulphur Springs. Under Montana law, does the county have to "
      "reimburse the ranchers who brought their own dozers?",
      "city:White Sulphur Springs, MT", [], PEN, None, [r"reimburs"]),  # d6,d10
]

# ---------------------------------------------------------------------------- terms a document explains (no place)
CONCEPTS = [
    S("Fire report says crews are using a 'confine' strategy. Explain what that means.",
      None, IW(325207), DS,
      "confine involves restricting the fire to a predetermined area, often using natural barriers or fuel "
      "breaks"),  # d3
    S("meaning of 'point protection strategy' in a wildfire update",
      None, IW(325207), DS,
      "a wildfire response strategy which protects specific assets or highly valued resources from the wildfire "
      "without directly halting the continued spread of the wildfire"),  # d3,d9
    S("Define 'snags' the way fire managers use the word.",
      None, IW(321070), DS, "standing dead trees", [r"snags"]),  # d3
    S("The update said the prescribed burn had a 'slopover'. Meaning?",
      None, IW(322529), RX, "areas where the prescribed fire escaped containment lines"),  # d3
    S("what does WERT stand for in a CAL FIRE incident report",
      None, CAL("2aad53ef-d6c3-43dc-92e6-b2f9881ff161"), RECOVERY, "Watershed Emergency Response Team",
      [r"Watershed Emergency Response Team"]),  # d3,d9
]

# -------------------------------------------------------------------------- terms, programmes and tools never explained
ABSENT_TERMS = [
    S("Explain the Haines Index.", None, [], RFW, None, [r"Haines"]),  # d7,d3
    S("What's the Keetch-Byram Drought Index and what number counts as extreme?",
      None, [], RFW, None, [r"Keetch|KBDI"]),  # d7,d4
    S("Meaning of 'burning index' on a fire danger sign?", None, [], RFW, None, [r"burning index"]),  # d7,d3
    S("what is a pyrocumulonimbus cloud", None, [], OTHER, None, [r"pyrocumulonimbus|pyro-?cb"]),  # d7,d9
    S("Can a wildfire make its own tornado - a 'fire whirl' or 'firenado'?",
      None, [], OTHER, None, [r"fire whirl|firenado|fire tornado"]),  # d7
    S("Define 'Zone 0' for home hardening.", None, [], DS, None, [r"zone 0|zone zero"]),  # d7,d3
    S("Do ember-resistant vents actually keep embers out of an attic?",
      None, [], DS, None, [r"ember[- ]resistant"]),  # d7
    S("How much does a Class A roof help in a wildfire?", None, [], DS, None, [r"class a roof"]),  # d7
    S("How do I read PurpleAir sensor numbers during wildfire smoke?",
      None, [], OTHER, None, [r"PurpleAir"]),  # d7
    S("What is FireSmart and how is it different from the American programs?",
      None, [], DS, None, [r"FireSmart"]),  # d7,d10
    S("explain what a derecho is", None, [], OTHER, None, [r"derecho"]),  # d7,d3,d9
    S("What's a haboob and how do you drive through a dust storm?",
      None, [], OTHER, None, [r"haboob|dust storm"]),  # d7,d10
    S("Define lahar.", None, [], OTHER, None, [r"lahar"]),  # d7,d3
    S("Does an atmospheric river lower the wildfire risk the following summer?",
      None, [], OTHER, None, [r"atmospheric river"]),  # d7
    S("At what heat index do outdoor crews have to stop work?",
      None, [], OTHER, None, [r"heat index"]),  # d7,d4
    S("Does the California FAIR Plan cover wildfire smoke damage?",
      None, [], STRUCT, None, [r"FAIR Plan"]),  # d7
    S("How accurate are VIIRS and MODIS satellite fire detections?",
      None, [], AGENCY, None, [r"VIIRS|MODIS"]),  # d7,d9
    S("where can i find the ICS-209 for a fire", None, [], AGENCY, None, [r"ICS-?209"]),  # d7,d9
    S("What is a dry hydrant and how do rural departments use one?",
      None, [], WARDEN, None, [r"dry hydrant"]),  # d7
    S("Is Phos-Chek fire retardant toxic to fish?", None, [], OTHER, None, [r"Phos-?Chek"]),  # d7
    S("explain MABAS mutual aid box alarm system", None, [], AGENCY, None, [r"MABAS|box alarm"]),  # d7,d3,d9
    S("What does the 1000-hour fuel moisture number mean?",
      None, [], RFW, None, [r"1000-hour|thousand-hour"]),  # d7,d3
    S("How do I request a spot forecast for a prescribed burn?", None, [], RX, None, [r"spot forecast"]),  # d7
    S("Are wildfire evacuation sirens a hi-lo tone or a steady wail?",
      None, [], EVAC, None, [r"sirens?\b"]),  # d7
    S("How do I sign up for Nixle alerts?", None, [], EVAC, None, [r"Nixle"]),  # d7
    S("What is the ALERTWildfire camera network?", None, [], AGENCY, None, [r"ALERT ?Wildfire"]),  # d7
    S("Can a heat dome make wildfires worse?", None, [], OTHER, None, [r"heat dome"]),  # d7
    S("How do I start a prescribed burn association with my neighbors?",
      None, [], RX, None, [r"prescribed burn association"]),  # d7,d1
    S("When do firefighters deploy a fire shelter?", None, [], AGENCY, None, [r"fire shelters?"]),  # d7
    S("Define LCES in wildland firefighting.", None, [], AGENCY, None, [r"LCES"]),  # d7,d3
    S("list the 10 standard firefighting orders",
      None, [], AGENCY, None, [r"Standard (Firefighting|Fire) Orders"]),  # d7,d9
    S("Can a microburst from a thunderstorm blow a fire across a containment line?",
      None, [], RFW, None, [r"microburst"]),  # d7
    S("Gender reveal parties have started wildfires. Is there a special penalty for that?",
      None, [], PEN, None, [r"gender reveal"]),  # d7,d10
    S("Do catalytic converters start roadside grass fires?",
      None, [], CAUSE, None, [r"catalytic converter"]),  # d7
    S("What's a storm surge and how far inland can it go?", None, [], OTHER, None, [r"storm surge"]),  # d7
    S("How fast can a sinkhole open under a house?", None, [], OTHER, None, [r"sinkhole"]),  # d7
]

# ------------------------------------------------------------------------ comparisons whose first place is only context
COMPARISONS = [
    S("Back in Montana it was always a DNRC team. Down here by Cibecue, Arizona, which team ran the 2024 Bear "
      "Fire?",
      "county:Gila, AZ", IW(317505), AGENCY, "White Mountain Zone Type 3 Incident Management Team (IMT)"),  # d2
    S("In Idaho we get the national teams. For the Flanders Fire near Breezy Point, Minnesota, which team took "
      "command?",
      "city:Breezy Point, MN", IW(327845), AGENCY, "MNICS Team B"),  # d2
    S("In Wisconsin the DNR handles everything itself. For the Munger Shaw wildfire near Cotton, Minnesota, whose "
      "resources stayed on the fire every day?",
      "county:St. Louis, MN", IW(323359), AGENCY, "Local Minnesota DNR resources",
      [r"DNR resources"]),  # d2
    S("My sister in Boulder County lived through the Marshall Fire. We're up in Larimer County - when was the "
      "Kruger Rock Fire called controlled?",
      "county:Larimer, CO", IWS(7895), CONT, "November 29, 2021", [r"controlled"]),  # d2,d1,d4
    S("We lived near Corning when the 2018 Apple Fire burned out there. These days we're in Sacremento - how "
      "many acres did the 2015 Apple Fire in Wilton burn?",
      "city:Sacramento, CA", CAL("20348e67-4eac-42ae-ad4e-57ca0add2914"), ACRES, "110",
      [r"Apple Fire"]),  # d2,d5,d4
    S("Moved from El Paso to Albequerque last year. Who appoints New Mexico's state fire marshal?",
      "city:Albuquerque, NM", ST("NM-240"), WARDEN, "secretary of homeland security and emergency management",
      [r"state fire marshal"]),  # d2,d5
    S("Colorado's Fishhook Fire came with a forest area closure. Are there any wildfire closures in Sweetwater "
      "County, Wyoming?",
      "county:Sweetwater, WY", [], CLOSURES, None),  # d2,d8
]


def _spread(*blocks):
    """All seeds of all blocks in one fixed order that does not follow the blocks: sorted by a hash of the
    question text, so that neighbouring ids (and the three parts by id number mod 3) mix places, sources,
    styles and decisions."""
    seeds = [seed for block in blocks for seed in block]
    return sorted(seeds, key=lambda seed: hashlib.sha256(("newstyles/" + seed["q"]).encode("utf-8")).hexdigest())


SEEDS = _spread(
    STATUTES,
    INCIWEB,
    SUMMARIES,
    CALFIRE,
    STATE_WARNS,
    TOWN_WARNS,
    ABSENT_FIRES,
    NO_EVIDENCE,
    CONCEPTS,
    ABSENT_TERMS,
    COMPARISONS,
)
