"""The English words the question reader and the answer writers still name by hand, each list once.

Where data can tell (a word's frequency in English, its document frequency in the corpus, spaCy's parse), the
code asks the data; what remains here is closed classes of function words (question words, auxiliaries,
prepositions, determiners), calendar words and the few domain words that mark a kind of question or answer.
tests/unit/test_rule_count.py counts these entries with the regular expressions of question/, generation/ and
answer_kinds.py: the count may only go down.
"""

from __future__ import annotations

# -- closed classes of English ----------------------------------------------------------------------------
# The words that open a question clause: question words and auxiliary verbs.
QUESTION_WORDS = frozenset("what when where which who whom whose why how".split())
AUXILIARIES = frozenset("is are was were am do does did can could should would will may might must has have had "
                        "shall".split())
# The determiners that point at one thing the asker means ("the lake", "my county"), and the others.
DEFINITE = frozenset("the my our your their his her its this that these those".split())
DETERMINERS = DEFINITE | frozenset("a an some any every each no another".split())
# The closed class of words whose "'s" is "is": question words, personal and demonstrative pronouns,
# "there" and "here". After any other word "'s" is a possessive ("Colorado's burn ban").
IS_AFTER = QUESTION_WORDS - {"whom", "whose"} | frozenset(
    "there here that this it he she everything something anything nothing everyone someone anyone".split())
# Prepositions that may open a question before its question word ("On what date ...", "In which county ...").
LEADING_PREPOSITIONS = frozenset("on in at for by since until from to of during".split())
# Words that open a condition or a circumstance ("When the wind is high, can I ...?").
SUBORDINATING = frozenset("when whenever if unless while because since although though after before once until "
                          "during".split())
# Words that join a clause to what came before and say nothing of what is asked ("..., but is there ...").
JOINING = frozenset("but and so well ok okay also then anyway".split())
# Verbs of asking and knowing that take an indirect question ("tell me if ...", "I wonder whether ...").
ASKING = frozenset("tell know wonder wondering ask asking curious explain understand find check show let "
                   "confirm clarify".split())
# Short words that link the capitalised words of a heading ("Burning of Brush and Grass").
HEADING_LINKS = frozenset("and of the for in on at to a an by with or from".split())

# -- place ------------------------------------------------------------------------------------------------
# Prepositions that say where something is, and (LOCATIVE) those that may put a place after them in other senses
# too ("a permit from Spokane County", "the rules of Oregon", "talking about Defensible Space").
WHERE = frozenset("in near at around outside on within across throughout inside".split())
LOCATIVE = WHERE | frozenset("from to for of by about".split())
# Further prepositions of place, beyond those that introduce a place in general.
PLACING = frozenset("along among behind beside beyond nearby toward towards".split())
# Points of the compass.
DIRECTIONS = frozenset("north south east west northeast northwest southeast southwest".split())
# Words of nearness or direction: a place after them is where something is near, not what is asked about.
NEARNESS = (PLACING - {"among", "behind", "beside"}) | frozenset("near outside across past between around off".split()) \
    | DIRECTIONS
# Words that put where something is right after them: "in the lake", "out past Pellerby", "up by the ridge".
STANDS_AT = WHERE | NEARNESS | frozenset({"by"})
COUNTY_WORDS = frozenset("county co parish borough".split())
# Postal codes that are English words: typed in lower case they are the words ("the sky is orange in ...").
WORDLIKE_CODES = frozenset("in or me ok hi oh id co de la pa ma md ms al us ga mt sc ne".split())
# Words that describe a kind of fire; a fire named only by them ("a Wildland Fire", "the Prescribed Fire") is no
# incident, while "the Grass Burr Fire" and "the Wild Goose Fire" are.
KIND_OF_FIRE = frozenset("""Forest Wild Wildland Brush Grass Structure State National County City Red Flag
Prescribed Pile Open""".split())

# -- time -------------------------------------------------------------------------------------------------
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight".split())
# The words of a question's time that say it asks about the present.
PRESENT_WORDS = frozenset("now currently still presently ongoing week".split()) | (DAYS & {"today", "tonight"})

# -- names ------------------------------------------------------------------------------------------------
# Capitalised words that open a sentence or a question before an incident's name: no part of the name.
NOT_A_NAME = frozenset("""The A An Is Are Was Did Does Do Has Have How What When Where Which Who Why Will Can
Could Should In On Near At Of For From Into About""".split())
# Capitalised words that open a sentence before the name of a thing ("What are the Leave No Trace rules?").
OPENING = frozenset("""What How When Where Which Who Why Whom Whose Is Are Was Were Do Does Did Can Could Should
Would Will May Must Has Have Had I In On At""".split())

# -- the domain -------------------------------------------------------------------------------------------
# The words that name the law itself: read as the kind of evidence asked for, they are no topic of it.
LAW_WORDS = frozenset("law laws statute statutes statutory rule rules regulation regulations regulate regulates "
                      "legal legally legislation ordinance ordinances code codes".split())
# Words every passage of a wildfire corpus holds: they say little about which sentence answers.
COMMON_HAZARD_WORDS = ("fire", "wildfire", "wildland", "blaze", "flame")
# Words that name the kind of answer rather than its topic ("the spring burning rules", "what website shows smoke
# conditions"): every statute is a rule, every link a website.
KIND_WORDS = ("rule", "rules", "law", "laws", "regulation", "regulations", "statute", "statutes", "requirement",
              "requirements", "website", "websites")
# Verbs of setting a fire, which a rule forbids or allows.
BURNING = ("burn", "ignite", "kindle", "set", "start", "build", "light", "conduct", "have")

# -- Spanish --------------------------------------------------------------------------------------------------
# The words before a fire's name in Spanish ("el incendio Saddle Ridge").
FIRE_IN_SPANISH = frozenset("incendio incendios fuego".split())
