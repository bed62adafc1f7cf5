// Generated from content/i18n/en.yaml by `npm run generate:types`; do not edit (a unit test fails when it is stale).

/** The interface strings of one locale, shaped as `content/i18n/en.yaml`. */
export interface UiStrings {
  /** Site name in the header and after each page title in `<title>`. */
  siteName: string;
  /** The sidebar's link to a group's own page (the API reference's overview, before its families). */
  overview: string;
  /** Link to the page's Markdown twin. */
  markdownVersion: string;
  /** Date line above the footer; `{date}` is replaced by the page's last update. */
  lastUpdated: string;
  /** In `llms-full.txt`, in place of a code block an earlier page has: `{page}` links that page. */
  sameBlockAsAbove: string;
  /** Footer. */
  footer: {
    /** The educational-content disclaimer shown on every page. */
    disclaimer: string;
    /** Accessible name of the footer's link list for machines. */
    machineReadable: string;
    /** Link text for the OpenAPI document. */
    openApi: string;
    /** Link text for the sitemap. */
    sitemap: string;
  };
  /** The biomarker catalog page. */
  catalog: {
    /** Heading of the overview of the four panels. */
    panelsHeading: string;
    /** Column headings of the panel overview: the panel and its `template` value. */
    panelColumn: string;
    templateColumn: string;
    /** Each panel's name, keyed by its `template` value. */
    panels: {
      'public-complete-eu': string;
      'public-light-eu': string;
      'public-v2-complete-uk': string;
      'public-v2-light-uk': string;
    };
    /** Region labels in a marker's panel line. */
    regionEu: string;
    regionUk: string;
    /** Panel sizes in a marker's panel line, e.g. "EU: complete, light". */
    complete: string;
    light: string;
    /** A region none of whose panels carry the marker. */
    notIncluded: string;
    /** Label of a marker's unit, and the unit shown for a marker that has none. */
    unit: string;
    noUnit: string;
    /** The UK unit where it differs from the EU one; `{unit}` is replaced. */
    ukUnit: string;
    /** Heading of the marker column in the Markdown tables. */
    markerColumn: string;
    /** Heading of the description column in the Markdown tables. */
    descriptionColumn: string;
    /** Badge of a marker with `computedInternally`, and what it means. */
    calculated: string;
    calculatedHint: string;
    /** Badge of a marker with `premium`, and what it means. */
    premium: string;
    premiumHint: string;
    /** Accessible name of the list of a marker's badges. */
    badges: string;
    /** Heading of the list of categories. */
    categoriesHeading: string;
    /** Number of markers in a category. */
    markerCount: {
      /** Singular, e.g. `{count} biomarker`. */
      one: string;
      /** Every other number, e.g. `{count} biomarkers`. */
      other: string;
    };
    /** Name of the group of markers that have no category. */
    otherCategory: string;
    /** Everyday words, by marker key or by category type (then for every marker of the category): the biomarker browser's search and the site search find markers by these too, matching inside their words as in the page's own names; the other language's page finds them as it finds names in other languages. */
    searchTerms: Record<string, string[]>;
    /** Words the biomarker browser's search drops before matching, as readers add them around a name ("cholesterol level", "vitamin D test"): a filler word is dropped from a search of several words; one written with a leading hyphen is an ending dropped from a word that matches nothing as typed ("-wert": "Cholesterinwert", "TSH-Wert"). */
    searchFillers: string[];
    /** Title and text of the error state shown while the catalog cannot be fetched. */
    unavailableTitle: string;
    unavailableText: string;
    /** The biomarker browser: its search form, status line and the uuid's copy button. */
    browser: {
      /** Heading and accessible name of the search form. */
      heading: string;
      /** What the form does, the filters as shareable addresses, and what an unknown value does. */
      help: string;
      /** Label of the search field, and its hint. */
      searchLabel: string;
      searchHint: string;
      /** Labels of the filters and of their "any" choice. */
      region: string;
      anyRegion: string;
      panel: string;
      anyPanel: string;
      category: string;
      anyCategory: string;
      anyValue: string;
      yes: string;
      no: string;
      /** The submit button (shown without JavaScript too) and the link back to every marker. */
      apply: string;
      clear: string;
      /** The live status line; `{shown}` and `{total}` are replaced. */
      status: string;
      /** Heading of the notice naming ignored values, and its lead. */
      ignoredTitle: string;
      ignoredText: string;
      /** What an empty result says. */
      empty: string;
      /** After it: the site search named for a reader without JavaScript, and the button that opens it with the same words. */
      siteSearchHint: string;
      siteSearch: string;
      /** The link after the status line, down to the list of matches. */
      jump: string;
      /** Accessible name of the best matches the script lists under the search field. */
      preview: string;
      /** Column of the panel overview with the number of shown markers out of all ("12 / 88"). */
      shownColumn: string;
      /** Label of a marker's uuid, its copy button, and what the live region says after copying. */
      uuid: string;
      copy: string;
      copied: string;
    };
  };
  /** A biomarker's own page. */
  marker: {
    /** Heading of the facts list, and its labels. */
    factsHeading: string;
    category: string;
    calculated: string;
    /** The calculated line of a calculated marker, before its inputs ("yes, from"). */
    calculatedFrom: string;
    /** The calculated line of a marker calculated from data about the person too: `{inputs}` are its linked inputs, `{person}` that data as a list ("yes, from Creatinine, with age and sex"). */
    calculatedFromWith: string;
    /** What a calculated marker is calculated from besides other markers, by marker key: data about the person, which is no marker of any panel. */
    personInputs: Record<string, string[]>;
    /** The calculated line of a measured marker: the lab reports it (LDL included, which some labs calculate themselves; the catalog does not). */
    measured: string;
    /** What the sample is taken from (`metadata.specimen`), and each value's wording. */
    specimen: string;
    specimens: {
      serum: string;
      plasma: string;
      'whole-blood': string;
    };
    /** The label of the other names of the test in the page's language (`aliases`). */
    alsoKnownAs: string;
    /** Other names of the same test, by marker key: shown as "also known as" on its page and found by the browser's search as its everyday words are. Names only, never a topic or a condition ("thyroid", "gout"). */
    aliases: Record<string, string[]>;
    /** The identifiers: the uuid is the API's permanent one; the key names the page, and `keyHint` says what to store. `noKey` where the origin gives no key. */
    uuid: string;
    key: string;
    keyHint: string;
    noKey: string;
    /** The uuid's copy button, and what the status beside it says after copying. */
    copy: string;
    copied: string;
    /** Heading of the table of units and panels per region, and its columns. */
    regionsHeading: string;
    regionColumn: string;
    panelsColumn: string;
    premiumColumn: string;
    /** What premium means, under the table. */
    premiumHint: string;
    /** Under the same table: the units a reader's own report may use instead of the catalog's SI units. */
    conventionalUnitsHint: string;
    /** Yes and no in the premium column. */
    yes: string;
    no: string;
    /** What the page teaches (the marker's guide in content/catalog): the headings of its sections, in page order. */
    whyHeading: string;
    resultsHeading: string;
    higherHeading: string;
    lowerHeading: string;
    /** Under the results: why the page gives no range, and who reads a result. */
    noRangeNote: string;
    affectsHeading: string;
    preparationHeading: string;
    relatedHeading: string;
    relatedLead: string;
    /** After each section: the short labels of the works it rests on. */
    citedLabel: string;
    sourcesHeading: string;
    sourcesLead: string;
    /** Heading of the description where the catalog has it only in another language. */
    aboutHeading: string;
    /** Heading of the names in every language, and the table's columns. */
    namesHeading: string;
    languageColumn: string;
    nameColumn: string;
    /** Heading and lead of the API sample. */
    apiHeading: string;
    apiLead: string;
    /** Link back to the list of every marker. */
    allMarkers: string;
    /** The breadcrumbs' accessible name, and their first crumb (the home page). */
    breadcrumbs: string;
    home: string;
    /** In `llms-full.txt`, in place of the API samples on every marker page after the first: that request, with this marker's `{template}` and `{uuid}`; `{first}` links the first page's. */
    apiAsAbove: string;
  };
  /** The API reference page. */
  apiReference: {
    /** Heading of the overview's list of every operation. */
    operationsHeading: string;
    /** The name of each family of operations in the overview's list (api-families.ts). */
    families: {
      catalog: string;
      token: string;
      discovery: string;
      openapi: string;
      health: string;
    };
    /** Before the list at an operation's top of every status it may answer, each linked to its response's section. */
    statusSummary: string;
    /** Label of an operation's security line. */
    security: string;
    /** An operation anyone may call without a token. */
    anonymous: string;
    /** An operation that takes an OAuth 2.0 access token; `{scopes}` is replaced. */
    oauth: string;
    /** Joins the alternatives of the security line ("anonymous or OAuth 2.0 …"). */
    or: string;
    /** Caption of the parameter table, and its columns. */
    parameters: string;
    nameColumn: string;
    /** Where a parameter is sent: `query`, `header`… */
    inColumn: string;
    typeColumn: string;
    requiredColumn: string;
    descriptionColumn: string;
    /** Yes and no in the "required" columns. */
    yes: string;
    no: string;
    /** Prefixes of a parameter's or property's allowed values and default. */
    values: string;
    default: string;
    /** Caption of the request body table. */
    requestBody: string;
    /** Caption of the response table, and its headers column. */
    responses: string;
    headersColumn: string;
    /** A response without a body. */
    noBody: string;
    /** Before the links to the guide's sections on the error codes a response may carry. */
    guideSection: string;
    /** The overview's link under a family's heading to the family's page; `{family}` is replaced. */
    familyPage: string;
    /** Summary of a body schema's expander on a family's page; `{schema}` is replaced. */
    schemaFields: string;
    /** A parameter or property that must be sent or is always there. */
    required: string;
    /** A parameter or property that may be left out. */
    optional: string;
    /** Label of a response's media types and schema. */
    body: string;
    /** Heading of an operation's request sample. */
    requestExample: string;
    /** Title of one example of the document. */
    example: string;
    /** Before a link to where a shared response's example was shown first. */
    exampleAsFor: string;
    /** Before a link to the operation that describes this one's parameters and responses (HEAD by GET). */
    responsesAsFor: string;
    /** Heading and lead of the schema section; caption of a schema's property table. */
    schemasHeading: string;
    schemasLead: string;
    properties: string;
    /** Heading and lead of the overview's shared response headers. */
    headersHeading: string;
    headersLead: string;
    /** Before the names of the headers every response carries, in the headers section. */
    everyResponseLead: string;
    /** A response's headers: in place of those every response carries, linking their section. */
    everyResponseHeaders: string;
    /** The "Try it" panel of an operation: a form that sends the request from the page (with JavaScript only). */
    tryIt: {
      /** Its heading. */
      heading: string;
      /** What sending costs where a request counts against the rate limit; `{limit}` and `{seconds}` are its numbers. */
      quota: string;
      /** The same for a request that costs no quota (the health check). */
      free: string;
      /** The empty option of an optional choice: the parameter is left out of the request. */
      notSent: string;
      /** Under the field for a client secret, which the endpoint refuses. */
      refusedHint: string;
      /** The submit button. */
      send: string;
      /** The status while the request is on its way. */
      sending: string;
      /** Before the answer's status, e.g. "Answer: 200 OK". */
      answer: string;
      /** When no answer came (offline, blocked); `{message}` is the browser's. */
      failed: string;
      /** Headings of the answer's parts. */
      headers: string;
      body: string;
      /** An answer without a body (304). */
      noBody: string;
      /** The button under a long body, and again once it shows whole; `{lines}` is a number of lines. */
      showAll: string;
      showFirst: string;
    };
  };
  /** The browser error pages. */
  errors: {
    /** The 404 (RFC 9110 §15.5.5): title, and the sentence naming the path; `{path}` is replaced. */
    notFoundTitle: string;
    notFoundText: string;
    /** Heading of the list of places to go instead, and its links. */
    linksHeading: string;
    home: string;
    guide: string;
    apiReference: string;
    biomarkers: string;
    sitemap: string;
    /** Why there is no search box: the site has no search yet, so the links stand in for it. */
    noSearch: string;
    /** The 429 (RFC 6585 §4): title, what happened, when to retry, and the link to the page asked for. */
    rateLimitedTitle: string;
    /** `{limit}` and `{window}` are the rate limit's: requests per window, and the window as words after "per" (`minute`). */
    rateLimitedText: string;
    retryAfter: {
      /** One second, e.g. `Try again in {seconds} second.` */
      one: string;
      /** Every other number of seconds. */
      other: string;
    };
    /** Said, with script, under the countdown: the page opens again when the time is up. */
    autoRetry: string;
    tryAgain: string;
  };
  /** The changelog page. */
  changelog: {
    /** Each kind's badge. */
    kinds: {
      api: string;
      catalog: string;
      docs: string;
    };
    /** Lead-in of an entry's "what a client should do" paragraph, e.g. "What to do:". */
    action: string;
    /** Text of the link to the Atom feed of every entry. */
    feed: string;
    /** Said after that link, before the links to each kind's feed (named by the kinds above), e.g. "Subscribe to the Atom feed of every change, or of one kind only: API, Catalog data, Guide." */
    feedKinds: string;
  };
  /** The site search (the header's search dialog). */
  siteSearch: {
    /** Said above the results when a misspelt word was searched as the closest known word instead. */
    correctedTo: string;
    /** Words a reader types for what a page or section says in other words: indexed with it, never shown. Keyed by the page's path without the locale (`developers`) and, for a section, its heading's id (`developers#rate-limits`). */
    words: Record<string, string[]>;
  };
}
