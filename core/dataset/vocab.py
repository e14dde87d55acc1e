"""Word pools for the synthetic CRM world: names, regions, industries, vendor categories, ticket titles.

Static data only. The generator draws from these with a seeded ``random.Random``; nothing here is random itself.
"""

from __future__ import annotations

from dataclasses import dataclass

# ---- company names -------------------------------------------------------------------------------------------------
# A company's short brand is prefix + suffix ("North" + "wind" -> "Northwind"); customers and vendors draw from
# one shuffled product without replacement, so no two companies share a brand (short aliases stay unambiguous).
BRAND_PREFIXES = (
    "North", "South", "East", "West", "Blue", "Red", "Green", "Silver", "Gold", "Iron", "Stone", "River", "Lake",
    "Oak", "Pine", "Cedar", "Maple", "Bright", "Clear", "Swift", "Star", "Sun", "Moon", "Sky", "Cloud", "Storm",
    "Frost", "Fire", "Summit", "Harbor", "Bay", "Coast", "Ridge", "Valley", "Meadow", "Falcon", "Eagle", "Hawk",
    "Wolf", "Fox", "Bear", "Lion", "Crown", "King", "Noble", "Prime", "Apex", "Vertex", "Nova", "Astra", "Terra",
    "Aqua", "Urban", "Metro", "Grand", "High", "Deep", "True", "Bold", "Quick", "Keen", "Lumen", "Zen", "Arc",
    "Flux", "Quantum", "Vector", "Orbit", "Polar", "Crystal", "Granite", "Copper", "Amber", "Ivory", "Onyx",
    "Cobalt", "Scarlet", "Emerald", "Sapphire", "Hollow", "Willow", "Ash", "Elm", "Birch", "Thunder", "Tide",
    "Wave", "Cinder", "Drift", "Echo", "Ember", "Glade", "Horizon", "Indigo", "Jade", "Kestrel", "Lark",
)
BRAND_SUFFIXES = (
    "wind", "field", "stone", "brook", "gate", "bridge", "point", "crest", "vale", "wood", "ford", "port", "haven",
    "light", "line", "works", "path", "way", "mark", "view", "spring", "peak", "shore", "water", "land", "mont",
    "dale", "wick", "ton", "bury", "forge", "craft", "well", "sight", "spire", "loop", "beam", "grid", "stack",
    "hive", "nest", "rock", "fall", "glen", "moor", "cliff", "hill", "dock", "yard", "tree", "leaf", "root", "wing",
    "bell", "run", "lane", "cove", "reach", "field", "scape", "mill", "top", "bank", "side", "fern", "quest",
)
# Reserved for unanswerable questions: the generator never uses these, so a company built from them does not exist.
# Brands that read as ordinary English words are skipped: as aliases they would be linked in unrelated text.
REJECTED_BRANDS = frozenset({"Highway", "Skyline", "Sunlight", "Moonlight", "Starlight", "Fireworks", "Highlight",
                             "Stonewall", "Fireside", "Lakeside", "Riverside", "Bayside", "Highland", "Waterway",
                             "Deepwater", "Northpoint", "Clearwater", "Fireplace", "Truepath", "Sunspring"})
FAKE_BRAND_PREFIXES = ("Zephyr", "Quill", "Marigold", "Obsidian", "Juniper", "Saffron", "Tangerine", "Velvet", "Wren")
FAKE_BRAND_SUFFIXES = ("mere", "holt", "thorpe", "combe", "stead", "lowe")
FAKE_COMPANY_WORDS = ("Analytics", "Dynamics", "Ventures", "Robotics", "Outfitters", "Biotech")

INDUSTRIES: dict[str, tuple[str, ...]] = {
    # industry -> words that end a customer's name in that industry
    "Retail": ("Retail", "Stores", "Outfitters", "Market"),
    "Healthcare": ("Health", "Medical", "Care", "Clinics"),
    "Financial Services": ("Capital", "Financial", "Bank", "Partners"),
    "Insurance": ("Insurance", "Assurance", "Mutual"),
    "Manufacturing": ("Manufacturing", "Industries", "Fabrication", "Machinery"),
    "Logistics": ("Logistics", "Freight", "Shipping", "Transport"),
    "Media": ("Media", "Studios", "Broadcasting", "Publishing"),
    "Education": ("Learning", "Academy", "Education"),
    "Energy": ("Energy", "Power", "Utilities", "Renewables"),
    "Telecommunications": ("Telecom", "Communications", "Networks"),
    "Software": ("Software", "Labs", "Systems", "Technologies"),
    "Pharmaceuticals": ("Pharma", "Biosciences", "Therapeutics"),
    "Automotive": ("Motors", "Automotive", "Mobility"),
    "Travel & Hospitality": ("Travel", "Hotels", "Hospitality"),
    "Public Sector": ("Council", "Authority", "Agency"),
}
HOLDING_WORDS = ("Holdings", "Group", "International")
SHORT_CORP_WORDS = ("Corp", "Co.", "Group")

LEGAL_FORMS = {
    "Germany": "GmbH", "Austria": "GmbH", "Switzerland": "AG", "Ireland": "Ltd", "United Kingdom": "Ltd",
    "France": "SA", "Belgium": "NV", "United States": "Inc.", "Canada": "Inc.", "Brazil": "Ltda.",
    "Argentina": "S.A.", "Chile": "S.A.", "Japan": "K.K.", "Singapore": "Pte. Ltd.", "Malaysia": "Sdn. Bhd.",
    "Indonesia": "Tbk", "Australia": "Pty Ltd", "New Zealand": "Ltd", "Sweden": "AB", "Norway": "AS",
    "Finland": "Oy", "Italy": "S.p.A.", "Spain": "S.L.", "Portugal": "Lda.", "India": "Pvt. Ltd.",
    "South Korea": "Co., Ltd.", "South Africa": "(Pty) Ltd", "Bahrain": "W.L.L.", "United Arab Emirates": "LLC",
    "Saudi Arabia": "LLC",
}

# ---- regions -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RegionSpec:
    key: str  # id suffix: REGION-<key>
    name: str
    availability_zone: str
    data_center: str
    geo: str
    countries: tuple[str, ...]
    weight: float  # relative share of customers


REGIONS = (
    RegionSpec("FRANKFURT", "Frankfurt", "eu-central-1a", "FRA-DC2", "Europe", ("Germany", "Austria", "Switzerland"), 1.4),
    RegionSpec("VIRGINIA", "Virginia", "us-east-1a", "IAD-DC4", "North America", ("United States",), 1.8),
    RegionSpec("DUBLIN", "Dublin", "eu-west-1b", "DUB-DC1", "Europe", ("Ireland", "United Kingdom"), 1.0),
    RegionSpec("SINGAPORE", "Singapore", "ap-southeast-1b", "SIN-DC1", "Asia Pacific", ("Singapore", "Malaysia", "Indonesia"), 0.9),
    RegionSpec("OREGON", "Oregon", "us-west-2b", "PDX-DC2", "North America", ("United States", "Canada"), 1.2),
    RegionSpec("LONDON", "London", "eu-west-2a", "LON-DC3", "Europe", ("United Kingdom",), 1.1),
    RegionSpec("TOKYO", "Tokyo", "ap-northeast-1a", "NRT-DC2", "Asia Pacific", ("Japan",), 0.8),
    RegionSpec("SAO-PAULO", "Sao Paulo", "sa-east-1a", "GRU-DC1", "South America", ("Brazil", "Argentina", "Chile"), 0.6),
    RegionSpec("PARIS", "Paris", "eu-west-3a", "PAR-DC1", "Europe", ("France", "Belgium"), 0.9),
    RegionSpec("SYDNEY", "Sydney", "ap-southeast-2a", "SYD-DC1", "Asia Pacific", ("Australia", "New Zealand"), 0.7),
    RegionSpec("STOCKHOLM", "Stockholm", "eu-north-1a", "ARN-DC1", "Europe", ("Sweden", "Norway", "Finland"), 0.6),
    RegionSpec("OHIO", "Ohio", "us-east-2a", "CMH-DC1", "North America", ("United States",), 1.0),
    RegionSpec("MUMBAI", "Mumbai", "ap-south-1a", "BOM-DC2", "Asia Pacific", ("India",), 0.8),
    RegionSpec("MILAN", "Milan", "eu-south-1a", "MXP-DC1", "Europe", ("Italy",), 0.5),
    RegionSpec("MONTREAL", "Montreal", "ca-central-1a", "YUL-DC1", "North America", ("Canada",), 0.6),
    RegionSpec("SEOUL", "Seoul", "ap-northeast-2a", "ICN-DC1", "Asia Pacific", ("South Korea",), 0.5),
    RegionSpec("MADRID", "Madrid", "eu-south-2a", "MAD-DC1", "Europe", ("Spain", "Portugal"), 0.5),
    RegionSpec("ZURICH", "Zurich", "eu-central-2a", "ZRH-DC1", "Europe", ("Switzerland",), 0.4),
    RegionSpec("JOHANNESBURG", "Johannesburg", "af-south-1a", "JNB-DC1", "Africa", ("South Africa",), 0.4),
    RegionSpec("BAHRAIN", "Bahrain", "me-south-1a", "BAH-DC1", "Middle East", ("Bahrain", "United Arab Emirates", "Saudi Arabia"), 0.4),
)
# Well-formed region ids the generator never produces (unanswerable questions).
FAKE_REGION_KEYS = ("ATLANTIS", "NARNIA-CENTRAL", "LILLIPUT", "GOTHAM-EAST")

# ---- vendors -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class VendorCategory:
    name: str
    brand_words: tuple[str, ...]  # "Nimbus" + "Cloud"
    outage_word: str  # "Frankfurt storage outage"
    systems: tuple[str, ...]  # what breaks when this vendor has an outage
    root_causes: tuple[str, ...]


VENDOR_CATEGORIES = (
    VendorCategory("Cloud Hosting", ("Cloud", "Compute", "Hosting"), "compute",
                   ("virtual machines", "container hosts", "load balancers", "autoscaling groups"),
                   ("hypervisor kernel bug after a host patch", "control-plane deploy with a bad feature flag",
                    "capacity exhaustion after a traffic spike")),
    VendorCategory("Object Storage", ("Storage", "Vault", "Data"), "storage",
                   ("object storage", "block volumes", "backup snapshots"),
                   ("storage controller firmware bug", "metadata service overload", "disk array rebuild that stalled")),
    VendorCategory("CDN", ("CDN", "Edge", "Delivery"), "CDN",
                   ("edge caches", "TLS termination", "origin shield"),
                   ("expired TLS certificate", "cache purge that invalidated every edge", "faulty WAF rule rollout")),
    VendorCategory("Payments", ("Pay", "Payments", "Billing"), "payments",
                   ("card authorization", "payouts", "checkout API"),
                   ("card network timeout cascade", "database failover that did not complete",
                    "expired signing key for webhooks")),
    VendorCategory("Identity", ("ID", "Identity", "Auth"), "identity",
                   ("SSO", "MFA service", "user directory"),
                   ("token signing key rotation error", "directory replication lag", "rate limiter misconfiguration")),
    VendorCategory("Networking", ("Networks", "Connect", "Net"), "network",
                   ("private links", "VPN gateways", "DNS resolvers", "BGP routing"),
                   ("BGP route leak from an upstream carrier", "network switch failure in the core layer",
                    "DNS misconfiguration pushed to resolvers")),
    VendorCategory("Database", ("DB", "Data", "Database"), "database",
                   ("managed PostgreSQL", "read replicas", "query routers"),
                   ("database failover that did not complete", "replication slot exhaustion",
                    "runaway vacuum on a shared cluster")),
    VendorCategory("Observability", ("Monitor", "Observability", "Metrics"), "monitoring",
                   ("log ingestion", "alerting", "metrics pipeline"),
                   ("ingest queue backlog after a schema change", "memory leak in the collector fleet",
                    "expired API credentials for the alert router")),
    VendorCategory("Email Delivery", ("Mail", "Messaging", "Send"), "email",
                   ("SMTP relay", "transactional email", "webhooks"),
                   ("IP reputation block by major mailbox providers", "queue worker crash loop",
                    "DNS misconfiguration pushed to resolvers")),
    VendorCategory("Security", ("Secure", "Security", "Shield"), "security",
                   ("WAF", "DDoS scrubbing", "secrets manager"),
                   ("faulty WAF rule rollout", "scrubbing center overload during an attack",
                    "expired TLS certificate")),
)
GENERIC_ROOT_CAUSES = ("power failure in the data center", "cooling failure in one hall", "fiber cut between facilities")
SLA_TIERS = (("Platinum", 0.15), ("Gold", 0.35), ("Silver", 0.35), ("Bronze", 0.15))

# ---- people --------------------------------------------------------------------------------------------------------
FIRST_NAMES = (
    "Aisha", "Alejandro", "Amara", "Anders", "Ana", "Arjun", "Beatriz", "Ben", "Camille", "Carlos", "Chen", "Chloe",
    "Daniel", "Dara", "David", "Elena", "Emeka", "Emma", "Farah", "Felix", "Fatima", "Gabriel", "Grace", "Hana",
    "Hannah", "Hiro", "Ines", "Isaac", "Ivan", "Jamal", "Jana", "Javier", "Jin", "Joao", "Jonas", "Julia", "Kai",
    "Kamala", "Karin", "Kenji", "Laila", "Lars", "Leah", "Liam", "Lina", "Lucas", "Lucia", "Maya", "Mei", "Marco",
    "Maria", "Mateo", "Mia", "Nadia", "Naomi", "Nikhil", "Nina", "Noah", "Olga", "Omar", "Oscar", "Priya", "Rafael",
    "Rahul", "Rania", "Rosa", "Ruth", "Samir", "Sara", "Sean", "Sofia", "Sven", "Tariq", "Thomas", "Tomas", "Uma",
    "Valentina", "Victor", "Wei", "Yara", "Yusuf", "Zara", "Zoe", "Adrian", "Bianca", "Caleb", "Diana", "Elif",
    "Frida", "Gustavo", "Helena", "Ibrahim", "Jasper", "Keiko", "Leon", "Magnus", "Nora", "Pablo", "Quinn", "Rohan",
)
LAST_NAMES = (
    "Abara", "Adeyemi", "Almeida", "Andersson", "Bauer", "Becker", "Bianchi", "Brennan", "Castillo", "Chandra",
    "Chen", "Costa", "Dubois", "Eriksen", "Fischer", "Fontaine", "Garcia", "Gonzalez", "Gupta", "Haddad", "Hansen",
    "Hoffmann", "Ibrahim", "Ito", "Jensen", "Johansson", "Kaur", "Keller", "Khan", "Kim", "Kowalski", "Kruger",
    "Larsen", "Laurent", "Lee", "Lindqvist", "Lopez", "Martin", "Meyer", "Mendes", "Moreau", "Murphy", "Nakamura",
    "Nguyen", "Nielsen", "Novak", "Okafor", "Olsen", "Ortiz", "Park", "Patel", "Pereira", "Petrov", "Quinn", "Rao",
    "Reyes", "Richter", "Rossi", "Sato", "Schmidt", "Schneider", "Silva", "Singh", "Sorensen", "Suzuki", "Tanaka",
    "Torres", "Varga", "Wagner", "Walsh", "Weber", "Wong", "Yamamoto", "Yilmaz", "Zhang", "Zimmermann", "Alvarez",
    "Berg", "Carter", "Dalton", "Ellis", "Ferreira", "Greco", "Holm", "Ivanova", "Jovanovic", "Kovacs", "Lund",
    "Mancini", "Nowak", "Osei", "Popescu", "Ramos", "Santos", "Tan", "Ueda", "Vogel", "Weiss", "Young", "Zeller",
)
EMAIL_DOMAIN = "hoplens-crm.example"


@dataclass(frozen=True)
class Department:
    name: str
    roles: tuple[str, ...]
    share: float  # share of all employees


DEPARTMENTS = (
    Department("Sales", ("Account Executive", "Senior Account Executive", "Enterprise Account Director"), 0.15),
    Department("Customer Success", ("Customer Success Manager", "Senior Customer Success Manager"), 0.175),
    Department("Support", ("Support Engineer", "Senior Support Engineer", "Support Team Lead"), 0.45),
    Department("Engineering", ("Site Reliability Engineer", "Platform Engineer", "Engineering Manager"), 0.10),
    Department("Compliance", ("Compliance Analyst", "Privacy Officer"), 0.05),
    Department("Professional Services", ("Project Manager", "Solutions Architect"), 0.075),
)
# Customer-side contact titles (contacts are document-only facts, not graph entities).
CONTACT_TITLES = (
    "CTO", "VP of Engineering", "Head of IT", "Director of Operations", "CIO", "Head of Platform",
    "VP of Customer Experience", "Chief Digital Officer", "IT Manager", "Head of Procurement",
)
SPONSOR_TITLES = ("CTO", "CIO", "COO", "Chief Digital Officer", "VP of Engineering", "SVP of Operations")

# ---- tickets -------------------------------------------------------------------------------------------------------
TICKET_CATEGORIES = ("Availability", "Performance", "Billing", "Access", "Integration", "Data", "Feature Request",
                     "Security")
TICKET_CATEGORY_WEIGHTS = (0.10, 0.14, 0.16, 0.17, 0.16, 0.12, 0.08, 0.07)
TICKET_TITLES: dict[str, tuple[str, ...]] = {
    "Availability": ("Intermittent 5xx errors on the web app", "Portal unreachable for some users",
                     "Scheduled jobs not running", "API returns 503 during peak hours"),
    "Performance": ("Dashboard takes minutes to load", "Slow search results in the portal",
                    "Report generation times out", "Latency spikes on the public API"),
    "Billing": ("Invoice shows duplicate charges", "Credit note missing for last month", "Question about overage fees",
                "PO number missing on invoice", "Update billing contact details"),
    "Access": ("SSO login failures for admins", "User locked out after MFA reset", "SCIM provisioning not creating users",
               "Role permissions not applied"),
    "Integration": ("Webhook deliveries failing", "Rate limit errors on the sync job", "CRM connector stopped syncing",
                    "CSV import rejects valid rows"),
    "Data": ("Report totals do not match export", "Missing records after nightly sync", "Request to delete personal data",
             "Data export stuck in queue"),
    "Feature Request": ("Request: bulk edit for tags", "Request: audit log export", "Request: custom roles per workspace",
                        "Request: EU data residency option"),
    "Security": ("Suspicious login alerts", "Request for latest pen-test report", "Question on encryption at rest",
                 "Security questionnaire for renewal"),
}
OUTAGE_TICKET_TITLES = ("Errors on {system} in {region}", "{System} unavailable in {region}",
                        "Timeouts from {system}", "Degraded {system} since this morning")
TICKET_STATUSES = ("Open", "In Progress", "Resolved", "Closed")

# ---- compliance and projects ---------------------------------------------------------------------------------------
OUTAGE_CASE_TYPES = ("Incident Notification", "SLA Breach Review", "Data Residency", "DORA Incident Report")
ROUTINE_CASE_TYPES = ("GDPR Data Subject Request", "SOC 2 Evidence Review", "PCI DSS Assessment", "HIPAA Review",
                      "ISO 27001 Audit", "Vendor Risk Assessment")
COMPLIANCE_SEVERITIES = ("Low", "Medium", "High", "Critical")
COMPLIANCE_STATUSES = ("Open", "Under Review", "Remediated", "Closed")
# The body a customer's case is reported to: its country's data-protection authority, or an auditor for
# certification work.
REGULATORS = {
    "Germany": "BfDI", "Austria": "DSB", "Switzerland": "FDPIC", "Ireland": "Data Protection Commission",
    "United Kingdom": "ICO", "France": "CNIL", "Belgium": "APD", "United States": "FTC", "Canada": "OPC",
    "Brazil": "ANPD", "Argentina": "AAIP", "Chile": "CPLT", "Japan": "PPC", "Singapore": "PDPC",
    "Malaysia": "PDP Commissioner", "Indonesia": "Kominfo", "Australia": "OAIC", "New Zealand": "Privacy Commissioner",
    "Sweden": "IMY", "Norway": "Datatilsynet", "Finland": "Data Protection Ombudsman", "Italy": "Garante",
    "Spain": "AEPD", "Portugal": "CNPD", "India": "MeitY", "South Korea": "PIPC", "South Africa": "Information Regulator",
    "Bahrain": "PDPA", "United Arab Emirates": "UAE Data Office", "Saudi Arabia": "SDAIA",
}
AUDITED_CASE_TYPES = ("SOC 2 Evidence Review", "PCI DSS Assessment", "ISO 27001 Audit")

PROJECT_KINDS = ("data platform migration", "SSO rollout", "payments modernization", "disaster recovery drill",
                 "observability overhaul", "edge delivery rollout", "CRM integration", "network redesign",
                 "cloud cost optimization", "customer portal relaunch", "security hardening", "data warehouse build")
PROJECT_STATUSES = ("Planned", "Active", "On Hold", "Completed")
CODENAMES = (
    "Falcon", "Aurora", "Bluebird", "Cascade", "Delta", "Everest", "Fjord", "Galileo", "Helios", "Juniper",
    "Kestrel", "Lighthouse", "Monsoon", "Nightingale", "Obelisk", "Pegasus", "Quasar", "Redwood", "Sequoia",
    "Tundra", "Umbra", "Voyager", "Whirlwind", "Xenon", "Yukon", "Zenith", "Atlas", "Beacon", "Comet", "Dynamo",
    "Ember", "Firefly", "Glacier", "Harbor", "Ignite", "Jetstream", "Keystone", "Lumen", "Meridian", "Nimbus",
    "Orion", "Polaris", "Quartz", "Raven", "Solstice", "Tempest", "Unity", "Vanguard", "Wildfire", "Zephyrus",
)
CODENAME_ADJECTIVES = ("Silent", "Golden", "Crimson", "Hidden", "Rapid", "Quiet", "Frozen", "Lunar", "Solar",
                       "Northern", "Twin", "Wild", "Bright", "Iron", "Velvet", "Swift", "Deep", "Open", "Blue", "Red")
ROMAN = ("II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")

# ---- free text -----------------------------------------------------------------------------------------------------
PRODUCT_FEATURES = (
    "the workflow builder", "audit logging", "role-based access control", "the reporting API", "sandbox environments",
    "usage analytics", "the mobile app", "bulk data export", "custom dashboards", "the Slack integration",
    "scheduled reports", "field-level encryption", "the rules engine", "single sign-on", "webhook retries",
)
BENEFITS = (
    "cut manual reconciliation work", "shorten onboarding for new hires", "satisfy their internal auditors",
    "reduce time spent on month-end close", "give regional managers self-service reporting",
    "retire a legacy in-house tool", "improve visibility for their operations team", "speed up incident triage",
)
CONCERNS = (
    "pricing for the next term", "response times on lower-priority requests", "the pace of the roadmap",
    "documentation gaps for the API", "how data residency is handled", "the cost of additional environments",
    "change management for their end users", "the quality of release notes",
)
RISK_REASONS = {
    "Low": ("strong executive sponsorship and broad adoption", "expanding usage across business units",
            "recent wins with the new reporting features"),
    "Medium": ("budget review underway for next fiscal year", "a new CIO is reassessing the tooling portfolio",
               "adoption is concentrated in a single team"),
    "High": ("actively evaluating a competitor", "concerns about support responsiveness",
             "procurement pushing for a steep discount", "their sponsor is leaving the company"),
}
CHANNELS = ("email", "a shared Slack channel", "Microsoft Teams", "a fortnightly call", "the customer portal")
