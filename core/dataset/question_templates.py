"""Question templates: what each asks (a typed traversal over core.schema edges) and how it is phrased.

Phrasings use ``{a}`` for the anchor (an id, or a name/alias in alias questions), ``{b}`` for the second entity of
a comparison and ``{v}`` for a filter value. Every template has at least three phrasings with different frames.
Words for attributes come from ``core.schema`` (``Attr.words``) so that a question names what it asks for.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.dataset.kb import Step
from core.schema import IMPACT_PATHS

IMPACTED: tuple[tuple[Step, ...], ...] = IMPACT_PATHS["Customer"]
IMPACTED_PROJECTS: tuple[tuple[Step, ...], ...] = IMPACT_PATHS["Project"]


@dataclass(frozen=True)
class Lookup:
    """An attribute of one entity."""

    name: str
    type: str
    attr: str
    label: str  # how the reference sentence names the attribute
    phrasings: tuple[str, ...]
    kind: str = "lookup"


@dataclass(frozen=True)
class Traverse:
    """Entities of ``target`` reached from an anchor along every path in ``paths`` (then ``then``), optionally
    filtered by ``filter_attr`` == a value from ``filter_values``; a set answer, or a count when ``count``."""

    name: str
    kind: str  # relation | multi_hop | aggregate
    anchor_type: str
    target: str
    paths: tuple[tuple[Step, ...], ...]
    phrasings: tuple[str, ...]
    reference: str  # {a} anchor "Name (ID)", {answer} members or count, {v} filter value
    then: tuple[Step, ...] = ()
    filter_attr: str | None = None
    filter_values: tuple[str, ...] = ()

    @property
    def count(self) -> bool:
        return self.kind == "aggregate"

    @property
    def hops(self) -> int:
        return max(len(p) for p in self.paths) + len(self.then)


@dataclass(frozen=True)
class Compare:
    """Which of two anchors reaches more entities along ``path``."""

    name: str
    anchor_type: str
    paths: tuple[tuple[Step, ...], ...]
    phrasings: tuple[str, ...]
    reference: str  # {w} winner, {cw} its count, {l} loser, {cl} its count
    kind: str = "comparison"

    @property
    def hops(self) -> int:
        return max(len(p) for p in self.paths)


@dataclass(frozen=True)
class Membership:
    """Yes/no: is the second entity among those reached from the anchor along every path? Negatives are mostly
    near misses that satisfy one path but not the other, so the intersection matters."""

    name: str
    anchor_type: str
    member_type: str
    paths: tuple[tuple[Step, ...], ...]
    phrasings: tuple[str, ...]  # {a} anchor, {b} the candidate member
    reference: str  # {a}, {b}, {verdict}
    kind: str = "multi_hop"

    @property
    def hops(self) -> int:
        return max(len(p) for p in self.paths)


@dataclass(frozen=True)
class Portfolio:
    """Every entity directly related to the anchor (all edge types, both directions)."""

    name: str
    anchor_types: tuple[str, ...]
    phrasings: tuple[str, ...]
    kind: str = "portfolio"
    hops: int = 1


Template = Lookup | Traverse | Compare | Membership | Portfolio


def _L(type_: str, attr: str, label: str, *phrasings: str) -> Lookup:
    return Lookup(f"lookup_{type_.lower()}_{attr}", type_, attr, label, phrasings)


LOOKUPS: tuple[Lookup, ...] = (
    _L("Customer", "industry", "industry",
       "What industry is {a} in?", "Which sector does {a} operate in?", "{a} belongs to which vertical?"),
    _L("Customer", "segment", "segment",
       "Which segment is {a} in?", "What customer tier does {a} fall under?",
       "Is {a} an Enterprise, Mid-Market or SMB account? Give its segment."),
    _L("Customer", "arr", "annual recurring revenue",
       "What is the ARR of {a}?", "How much annual recurring revenue does {a} bring in?",
       "What's the yearly contract value for {a}?"),
    _L("Customer", "health_score", "health score",
       "What is the health score of {a}?", "Give me the current health score for {a}.",
       "According to its health score, how healthy is {a}?"),
    _L("Customer", "renewal_date", "renewal date",
       "When is {a} up for renewal?", "What is the renewal date for {a}?", "On what date does the contract of {a} renew?"),
    _L("Customer", "country", "country",
       "Which country is {a} headquartered in?", "What country is {a} from?", "{a} is based in which country?"),
    _L("Vendor", "category", "category",
       "What category of vendor is {a}?", "What kind of service does {a} provide?", "{a} is what type of vendor?"),
    _L("Vendor", "sla_tier", "SLA tier",
       "What SLA tier is {a} on?", "Which service level does our contract with {a} have?", "Tell me the SLA of {a}."),
    _L("Vendor", "founded_year", "founding year",
       "When was {a} founded?", "What's the founding year of {a}?", "{a} was founded in which year?"),
    _L("Region", "data_center", "data center",
       "Which data center serves {a}?", "What facility hosts {a}?", "Name the datacenter behind {a}."),
    _L("Region", "availability_zone", "availability zone",
       "What availability zone is {a}?", "Which zone does {a} map to?", "Give the AZ for {a}."),
    _L("Region", "geo", "geography",
       "Which geography is {a} part of?", "On which continent is {a}?", "What geo does {a} belong to?"),
    _L("Outage", "severity", "severity",
       "How severe was {a}?", "What severity was assigned to {a}?", "What sev level did {a} get?"),
    _L("Outage", "duration_hours", "duration in hours",
       "How long did {a} last?", "What was the duration of {a}?", "For how many hours was service down during {a}?"),
    _L("Outage", "root_cause", "root cause",
       "What was the root cause of {a}?", "What caused {a}?", "Why did {a} happen - what was the cause?"),
    _L("Outage", "started_at", "start date",
       "When did {a} start?", "On which date was the start of {a}?", "{a} began on which day?"),
    _L("Outage", "affected_systems", "affected systems",
       "Which systems were affected by {a}?", "What were the affected systems in {a}?", "List the systems {a} took down."),
    _L("Employee", "role", "role",
       "What is the role of {a}?", "What job title does {a} hold?", "{a} works in which position?"),
    _L("Employee", "department", "department",
       "Which department does {a} work in?", "What team is {a} on?", "{a} belongs to which org?"),
    _L("Employee", "email", "email address",
       "What is the email address of {a}?", "How do I e-mail {a}?", "Give me the email for {a}."),
    _L("Ticket", "priority", "priority",
       "What priority is {a}?", "Which priority was {a} filed with?", "How is {a} prioritized - what is its priority?"),
    _L("Ticket", "status", "status",
       "What is the status of {a}?", "What state is {a} in right now?", "Where does {a} stand - what is its current status?"),
    _L("Ticket", "category", "category",
       "What category does {a} fall under?", "What kind of ticket is {a}?", "Which type of ticket is {a}?"),
    _L("Ticket", "opened_at", "opening date",
       "When was {a} opened?", "On what date was {a} filed?", "{a} was created when?"),
    _L("ComplianceCase", "case_type", "case type",
       "What type of case is {a}?", "Which regulation is {a} about?", "Under which case type was {a} filed?"),
    _L("ComplianceCase", "severity", "severity",
       "How severe is {a}?", "What severity does {a} carry?", "Which severity level was {a} given?"),
    _L("ComplianceCase", "status", "status",
       "What is the status of {a}?", "Which state is {a} in?", "Where does {a} stand - current status?"),
    _L("Project", "status", "status",
       "What is the status of {a}?", "What state is {a} in?", "Is {a} planned, active, on hold or completed? Give its status."),
    _L("Project", "start_date", "start date",
       "When did {a} kick off?", "What is the start date of {a}?", "On which date did {a} start?"),
    _L("Project", "end_date", "end date",
       "When is {a} due to end?", "What is the end date of {a}?", "By what date will {a} finish?"),
    _L("Project", "budget", "budget",
       "What is the budget of {a}?", "How much does {a} cost?", "What budget was approved for {a}?"),
)

# ---- one hop ---------------------------------------------------------------------------------------------------------


def _R(name: str, anchor: str, target: str, step: Step, reference: str, *phrasings: str) -> Traverse:
    return Traverse(name, "relation", anchor, target, ((step,),), phrasings, reference)


RELATIONS: tuple[Traverse, ...] = (
    _R("customer_vendors", "Customer", "Vendor", ("DEPENDS_ON", "out", "Vendor"), "{a} depends on {answer}.",
       "Which vendors does {a} depend on?", "List the suppliers {a} relies on.", "{a} uses which providers?"),
    _R("customer_region", "Customer", "Region", ("LOCATED_IN", "out", "Region"), "{a} is located in {answer}.",
       "Which region is {a} located in?", "In what region is {a} hosted?", "{a} sits in which region?"),
    _R("customer_csm", "Customer", "Employee", ("CSM_FOR", "in", "Employee"), "The CSM for {a} is {answer}.",
       "Who is the CSM for {a}?", "Which customer success manager looks after {a}?",
       "Name the success manager assigned to {a}."),
    _R("customer_account_manager", "Customer", "Employee", ("MANAGES_ACCOUNT", "in", "Employee"),
       "{a} is managed by {answer}.",
       "Who manages the {a} account?", "Who is the account manager for {a}?", "Which account executive owns {a}?"),
    _R("outage_region", "Outage", "Region", ("IN_REGION", "out", "Region"), "{a} occurred in {answer}.",
       "Which region was {a} in?", "Where did {a} happen?", "In which region did {a} take place?"),
    _R("outage_vendor", "Outage", "Vendor", ("EXPERIENCED", "in", "Vendor"), "{a} was experienced by {answer}.",
       "Which vendor experienced {a}?", "Who was the provider behind {a}?", "{a} was suffered by which supplier?"),
    _R("vendor_regions", "Vendor", "Region", ("OPERATES_IN", "out", "Region"), "{a} operates in {answer}.",
       "In which regions does {a} operate?", "Where is {a} present - which regions?", "List the regions {a} operates in."),
    _R("vendor_outages", "Vendor", "Outage", ("EXPERIENCED", "out", "Outage"), "{a} experienced {answer}.",
       "Which outages did {a} experience?", "List the incidents {a} has had.", "What outages has {a} suffered?"),
    _R("region_vendors", "Region", "Vendor", ("OPERATES_IN", "in", "Vendor"), "Vendors operating in {a}: {answer}.",
       "Which vendors operate in {a}?", "What providers are present in {a}?", "List the suppliers that operate in {a}."),
    _R("ticket_customer", "Ticket", "Customer", ("OPENED_BY", "out", "Customer"), "{a} was opened by {answer}.",
       "Which customer opened {a}?", "Which account raised {a}?", "{a} was submitted by which client?"),
    _R("ticket_assignee", "Ticket", "Employee", ("ASSIGNED_TO", "out", "Employee"), "{a} is assigned to {answer}.",
       "Who is {a} assigned to?", "Which employee handles {a}?", "{a} is owned by which staff member?"),
    _R("ticket_outage", "Ticket", "Outage", ("CAUSED_BY", "out", "Outage"), "{a} was caused by {answer}.",
       "Which outage caused {a}?", "What incident is {a} linked to?", "{a} was triggered by which outage?"),
    _R("outage_tickets", "Outage", "Ticket", ("CAUSED_BY", "in", "Ticket"), "Tickets caused by {a}: {answer}.",
       "Which tickets were caused by {a}?", "List the support tickets linked to {a}.", "What tickets did {a} generate?"),
    _R("case_customer", "ComplianceCase", "Customer", ("CONCERNS", "out", "Customer"), "{a} concerns {answer}.",
       "Which customer does {a} concern?", "Which account is {a} about?", "{a} involves which client?"),
    _R("case_outage", "ComplianceCase", "Outage", ("TRIGGERED_BY", "out", "Outage"), "{a} was triggered by {answer}.",
       "Which outage triggered {a}?", "What incident led to {a}?", "{a} was caused by which outage?"),
    _R("project_vendors", "Project", "Vendor", ("USES_VENDOR", "out", "Vendor"), "{a} uses {answer}.",
       "Which vendors does {a} use?", "What providers is {a} built on?", "List the suppliers {a} relies on."),
    _R("project_customer", "Project", "Customer", ("FOR_CUSTOMER", "out", "Customer"), "{a} is for {answer}.",
       "Which customer is {a} for?", "Who is the client of {a}?", "{a} is delivered for which account?"),
    _R("customer_projects", "Customer", "Project", ("FOR_CUSTOMER", "in", "Project"), "Projects for {a}: {answer}.",
       "Which projects are run for {a}?", "What initiatives does {a} have with us?", "List the projects of {a}."),
    _R("customer_cases", "Customer", "ComplianceCase", ("CONCERNS", "in", "ComplianceCase"),
       "Compliance cases concerning {a}: {answer}.",
       "Which compliance cases concern {a}?", "List the audit cases involving {a}.", "What compliance issues does {a} face?"),
    _R("employee_csm_customers", "Employee", "Customer", ("CSM_FOR", "out", "Customer"), "{a} is the CSM for {answer}.",
       "Which customers does {a} look after as CSM?", "For which accounts is {a} the customer success manager?",
       "List the clients {a} is CSM for."),
    _R("employee_managed_customers", "Employee", "Customer", ("MANAGES_ACCOUNT", "out", "Customer"),
       "{a} manages the accounts of {answer}.",
       "Which accounts does {a} manage?", "List the customers {a} is account manager for.",
       "{a} owns the account for which clients?"),
)

# ---- two and three hops ------------------------------------------------------------------------------------------------


def _M(name: str, anchor: str, target: str, paths, reference: str, *phrasings: str, then: tuple[Step, ...] = ()) -> Traverse:
    return Traverse(name, "multi_hop", anchor, target, paths, phrasings, reference, then=then)


MULTI_HOPS: tuple[Traverse, ...] = (
    _M("outage_impacted_customers", "Outage", "Customer", IMPACTED,
       "Customers that depend on the vendor of {a} and are located in its region: {answer}.",
       "Which customers were impacted by {a}?",
       "List every account affected by {a}, i.e. customers that depend on its vendor and sit in its region.",
       "{a} disrupted which clients?"),
    _M("outage_impacted_projects", "Outage", "Project", IMPACTED_PROJECTS,
       "Projects that use the vendor of {a} and run in its region: {answer}.",
       "Which projects were impacted by {a}?", "What initiatives did {a} affect?",
       "List the projects exposed to {a} because they use its vendor in its region."),
    _M("region_customer_vendors", "Region", "Vendor", ((("LOCATED_IN", "in", "Customer"), ("DEPENDS_ON", "out", "Vendor")),),
       "Vendors that customers located in {a} depend on: {answer}.",
       "Which vendors do customers located in {a} depend on?", "What suppliers are used by accounts based in {a}?",
       "Name the providers relied on by clients in {a}."),
    _M("vendor_outage_tickets", "Vendor", "Ticket", ((("EXPERIENCED", "out", "Outage"), ("CAUSED_BY", "in", "Ticket")),),
       "Tickets caused by outages of {a}: {answer}.",
       "Which tickets were caused by outages that {a} experienced?", "List the support tickets triggered by incidents at {a}.",
       "What tickets trace back to outages {a} suffered?"),
    _M("vendor_outage_regions", "Vendor", "Region", ((("EXPERIENCED", "out", "Outage"), ("IN_REGION", "out", "Region")),),
       "Regions where {a} had outages: {answer}.",
       "In which regions did {a} have outages?", "Where did the incidents {a} experienced happen?",
       "List the regions that saw outages from {a}."),
    _M("outage_ticket_assignees", "Outage", "Employee", ((("CAUSED_BY", "in", "Ticket"), ("ASSIGNED_TO", "out", "Employee")),),
       "Employees assigned tickets caused by {a}: {answer}.",
       "Which employees handled tickets caused by {a}?", "Who worked on the tickets that {a} generated?",
       "Name the staff members assigned to tickets linked to {a}."),
    _M("outage_ticket_customers", "Outage", "Customer", ((("CAUSED_BY", "in", "Ticket"), ("OPENED_BY", "out", "Customer")),),
       "Customers that opened tickets caused by {a}: {answer}.",
       "Which customers opened tickets about {a}?", "What accounts filed tickets caused by {a}?",
       "List the clients that raised tickets linked to {a}."),
    _M("outage_impacted_account_managers", "Outage", "Employee", IMPACTED,
       "Account managers of the customers impacted by {a}: {answer}.",
       "Who are the account managers of the customers impacted by {a}?",
       "Which account executives own accounts affected by {a}?",
       "List the account managers whose clients were hit by {a}.",
       then=(("MANAGES_ACCOUNT", "in", "Employee"),)),
    _M("region_customer_csms", "Region", "Employee", ((("LOCATED_IN", "in", "Customer"), ("CSM_FOR", "in", "Employee")),),
       "CSMs of customers located in {a}: {answer}.",
       "Who are the CSMs for customers located in {a}?", "Which customer success managers look after accounts in {a}?",
       "List the success managers covering clients based in {a}."),
    _M("vendor_customer_cases", "Vendor", "ComplianceCase",
       ((("DEPENDS_ON", "in", "Customer"), ("CONCERNS", "in", "ComplianceCase")),),
       "Compliance cases concerning customers that depend on {a}: {answer}.",
       "Which compliance cases concern customers that depend on {a}?",
       "List the audit cases involving accounts that rely on {a}.",
       "What compliance issues do the clients using {a} face?"),
    _M("customer_vendor_outages", "Customer", "Outage", ((("DEPENDS_ON", "out", "Vendor"), ("EXPERIENCED", "out", "Outage")),),
       "Outages experienced by the vendors {a} depends on: {answer}.",
       "Which outages did the vendors of {a} experience?", "List the incidents suffered by suppliers that {a} relies on.",
       "What outages have hit the providers {a} uses?"),
)

# ---- counts ----------------------------------------------------------------------------------------------------------


def _A(name: str, anchor: str, target: str, paths, reference: str, *phrasings: str,
       then: tuple[Step, ...] = (), filter_attr: str | None = None, filter_values: tuple[str, ...] = ()) -> Traverse:
    return Traverse(name, "aggregate", anchor, target, paths, phrasings, reference, then, filter_attr, filter_values)


AGGREGATES: tuple[Traverse, ...] = (
    _A("count_outage_impacted_customers", "Outage", "Customer", IMPACTED, "{a} impacted {answer} customers.",
       "How many customers were impacted by {a}?", "Count the accounts affected by {a}.",
       "What number of clients did {a} disrupt?"),
    _A("count_customer_tickets", "Customer", "Ticket", ((("OPENED_BY", "in", "Ticket"),),), "{a} opened {answer} tickets.",
       "How many tickets did {a} open?", "Count the support tickets filed by {a}.",
       "What is the number of tickets raised by {a}?"),
    _A("count_vendor_customer_priority_tickets", "Vendor", "Ticket",
       ((("DEPENDS_ON", "in", "Customer"), ("OPENED_BY", "in", "Ticket")),),
       "Customers that depend on {a} opened {answer} {v} tickets.",
       "How many {v} tickets did the customers of {a} open?", "Count the {v} tickets raised by accounts that depend on {a}.",
       "What is the number of {v} priority tickets opened by clients using {a}?",
       filter_attr="priority", filter_values=("P0", "P1", "P2", "P3")),
    _A("count_outage_tickets", "Outage", "Ticket", ((("CAUSED_BY", "in", "Ticket"),),), "{a} caused {answer} tickets.",
       "How many tickets were caused by {a}?", "Count the tickets linked to {a}.",
       "What number of support tickets did {a} generate?"),
    _A("count_employee_status_tickets", "Employee", "Ticket", ((("ASSIGNED_TO", "in", "Ticket"),),),
       "{a} is assigned {answer} tickets with status {v}.",
       "How many {v} tickets are assigned to {a}?", "Count the tickets in status {v} that {a} handles.",
       "What number of {v} tickets does {a} own?",
       filter_attr="status", filter_values=("Open", "In Progress", "Resolved", "Closed")),
    _A("count_region_segment_customers", "Region", "Customer", ((("LOCATED_IN", "in", "Customer"),),),
       "{answer} {v} customers are located in {a}.",
       "How many {v} customers are located in {a}?", "Count the {v} accounts based in {a}.",
       "What is the number of {v} clients hosted in {a}?",
       filter_attr="segment", filter_values=("Enterprise", "Mid-Market", "SMB")),
    _A("count_vendor_customers", "Vendor", "Customer", ((("DEPENDS_ON", "in", "Customer"),),),
       "{answer} customers depend on {a}.",
       "How many customers depend on {a}?", "Count the accounts that rely on {a}.", "How many clients use {a}?"),
    _A("count_vendor_outages", "Vendor", "Outage", ((("EXPERIENCED", "out", "Outage"),),), "{a} experienced {answer} outages.",
       "How many outages did {a} experience?", "Count the incidents {a} has had.",
       "What is the number of outages {a} suffered?"),
    _A("count_region_cases", "Region", "ComplianceCase", ((("IN_REGION", "in", "ComplianceCase"),),),
       "{answer} compliance cases were filed in {a}.",
       "How many compliance cases were filed in {a}?", "Count the compliance matters opened in {a}.",
       "What is the number of audit cases in {a}?"),
    _A("count_region_severity_outages", "Region", "Outage", ((("IN_REGION", "in", "Outage"),),),
       "{answer} {v} outages happened in {a}.",
       "How many {v} outages happened in {a}?", "Count the {v} incidents that occurred in {a}.",
       "What number of {v} outages took place in {a}?",
       filter_attr="severity", filter_values=("P0", "P1", "P2", "P3")),
)

MEMBERSHIPS: tuple[Membership, ...] = (
    Membership("outage_impacts_customer", "Outage", "Customer", IMPACTED,
               ("Was {b} impacted by {a}?", "Did {a} affect {b}?", "Is {b} one of the customers hit by {a}?"),
               "{b} {verdict} impacted by {a} (impacted means depending on its vendor and located in its region)."),
)

COMPARISONS: tuple[Compare, ...] = (
    Compare("compare_customer_tickets", "Customer", ((("OPENED_BY", "in", "Ticket"),),),
            ("Which of {a} and {b} opened more tickets?", "Between {a} and {b}, which customer raised more support tickets?",
             "Did {a} or {b} file more tickets?"),
            "{w} opened {cw} tickets, more than {l} with {cl}."),
    Compare("compare_vendor_outages", "Vendor", ((("EXPERIENCED", "out", "Outage"),),),
            ("Which of {a} and {b} experienced more outages?", "Has {a} or {b} suffered more incidents?",
             "Between {a} and {b}, which vendor had more outages?"),
            "{w} experienced {cw} outages, more than {l} with {cl}."),
    Compare("compare_outage_impact", "Outage", IMPACTED,
            ("Which of {a} and {b} impacted more customers?", "Did {a} or {b} affect more accounts?",
             "Between {a} and {b}, which outage hit more clients?"),
            "{w} impacted {cw} customers, more than {l} with {cl}."),
    Compare("compare_region_customers", "Region", ((("LOCATED_IN", "in", "Customer"),),),
            ("Which of {a} and {b} has more customers located in it?", "Are more accounts based in {a} or in {b}?",
             "Between {a} and {b}, which region hosts more clients?"),
            "{w} has {cw} customers, more than {l} with {cl}."),
    Compare("compare_employee_tickets", "Employee", ((("ASSIGNED_TO", "in", "Ticket"),),),
            ("Which of {a} and {b} is assigned more tickets?", "Who handles more tickets, {a} or {b}?",
             "Between {a} and {b}, which employee owns more tickets?"),
            "{w} is assigned {cw} tickets, more than {l} with {cl}."),
    Compare("compare_vendor_customers", "Vendor", ((("DEPENDS_ON", "in", "Customer"),),),
            ("Which of {a} and {b} has more customers depending on it?", "Do more accounts rely on {a} or on {b}?",
             "Between {a} and {b}, which vendor is used by more clients?"),
            "{w} has {cw} dependent customers, more than {l} with {cl}."),
)

PORTFOLIOS: tuple[Portfolio, ...] = (
    Portfolio("portfolio", ("Customer", "Vendor", "Outage", "Project", "ComplianceCase", "Employee", "Ticket"), (
        "Give me everything about {a}: every directly related record.",
        "What is {a} connected to? List all directly related entities.",
        "Show the full portfolio for {a} - everything linked to it.",
        "I need a 360-degree view of {a}: which records are directly tied to it?",
    )),
)

ALL: tuple[Template, ...] = (*LOOKUPS, *RELATIONS, *MULTI_HOPS, *MEMBERSHIPS, *AGGREGATES, *COMPARISONS, *PORTFOLIOS)
BY_NAME: dict[str, Template] = {t.name: t for t in ALL}
