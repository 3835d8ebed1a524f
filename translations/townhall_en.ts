<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AppKeySource</name>
    <message>
        <source>The key of &quot;%1&quot; was not kept: no system keychain answered. Name an environment variable that holds it in &quot;Key variable&quot; instead.</source>
        <translation>The key of &quot;%1&quot; was not kept: no system keychain answered. Name an environment variable that holds it in &quot;Key variable&quot; instead.</translation>
    </message>
    <message>
        <source>no key of &quot;%1&quot; could be read: no system keychain answered. Type the key in &quot;API key&quot; (Models → Model providers…) where a keychain runs, or name an environment variable that holds it in &quot;Key variable&quot;</source>
        <translation>no key of &quot;%1&quot; could be read: no system keychain answered. Type the key in &quot;API key&quot; (Models → Model providers…) where a keychain runs, or name an environment variable that holds it in &quot;Key variable&quot;</translation>
    </message>
</context>
<context>
    <name>CallLog</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>cannot open %1: %2</translation>
    </message>
    <message>
        <source>%1 is not a Town Hall calls file (not an SQLite database); it is left as it is</source>
        <translation>%1 is not a Town Hall calls file (not an SQLite database); it is left as it is</translation>
    </message>
    <message>
        <source>%1 is not a readable Town Hall calls file: %2</source>
        <translation>%1 is not a readable Town Hall calls file: %2</translation>
    </message>
    <message>
        <source>%1 is not a Town Hall calls file (another program&apos;s database); it is left as it is</source>
        <translation>%1 is not a Town Hall calls file (another program&apos;s database); it is left as it is</translation>
    </message>
    <message>
        <source>%1 was written by a newer Town Hall (calls layout %2, this version knows %3)</source>
        <translation>%1 was written by a newer Town Hall (calls layout %2, this version knows %3)</translation>
    </message>
    <message>
        <source>%1 exists but is not a file</source>
        <translation>%1 exists but is not a file</translation>
    </message>
    <message>
        <source>cannot create the directory %1</source>
        <translation>cannot create the directory %1</translation>
    </message>
    <message numerus="yes">
        <source>%n recorded call(s) not written to %1: the writer is behind</source>
        <translation>
            <numerusform>%n recorded call not written to %1: the writer is behind</numerusform>
            <numerusform>%n recorded calls not written to %1: the writer is behind</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>cannot write %1: %2</translation>
    </message>
    <message>
        <source>recorded calls not written to %1: %2</source>
        <translation>recorded calls not written to %1: %2</translation>
    </message>
    <message>
        <source>%1 holds a damaged recorded call of match %2</source>
        <translation>%1 holds a damaged recorded call of match %2</translation>
    </message>
</context>
<context>
    <name>Providers</name>
    <message>
        <source>expected an object, found %1</source>
        <translation>expected an object, found %1</translation>
    </message>
    <message>
        <source>keys are not read from files; put the key in an environment variable and name it in apiKeyEnv</source>
        <translation>keys are not read from files; put the key in an environment variable and name it in apiKeyEnv</translation>
    </message>
    <message>
        <source>unknown key, ignored</source>
        <translation>unknown key, ignored</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>missing</translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation>expected a string, found %1</translation>
    </message>
    <message>
        <source>expected a number, found %1</source>
        <translation>expected a number, found %1</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>must not be negative</translation>
    </message>
    <message>
        <source>unknown kind &quot;%1&quot; (expected &quot;openai&quot; or &quot;anthropic&quot;)</source>
        <translation>unknown kind &quot;%1&quot; (expected &quot;openai&quot; or &quot;anthropic&quot;)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http or https URL</source>
        <translation>&quot;%1&quot; is not an http or https URL</translation>
    </message>
    <message>
        <source>must not carry credentials or a query; name the key in apiKeyEnv</source>
        <translation>must not carry credentials or a query; name the key in apiKeyEnv</translation>
    </message>
    <message>
        <source>must be between 0 and 2</source>
        <translation>must be between 0 and 2</translation>
    </message>
    <message>
        <source>expected a whole number from 1 to 1000000</source>
        <translation>expected a whole number from 1 to 1000000</translation>
    </message>
    <message>
        <source>expected 1 to 3600 seconds</source>
        <translation>expected 1 to 3600 seconds</translation>
    </message>
    <message>
        <source>the environment variable %1 is not set; requests to &quot;%2&quot; go without a key</source>
        <translation>the environment variable %1 is not set; requests to &quot;%2&quot; go without a key</translation>
    </message>
    <message>
        <source>no system keychain is available (%1); put the key in an environment variable and name it in the profile&apos;s apiKeyEnv</source>
        <translation>no system keychain is available (%1); put the key in an environment variable and name it in the profile&apos;s apiKeyEnv</translation>
    </message>
    <message>
        <source>it did not answer</source>
        <translation>it did not answer</translation>
    </message>
    <message>
        <source>the keychain refused to read the key of &quot;%1&quot;: %2</source>
        <translation>the keychain refused to read the key of &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>the keychain refused to store the key of &quot;%1&quot;: %2</source>
        <translation>the keychain refused to store the key of &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>the keychain refused to forget the key of &quot;%1&quot;: %2</source>
        <translation>the keychain refused to forget the key of &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>the arguments are a JSON %1, not an object</source>
        <translation>the arguments are a JSON %1, not an object</translation>
    </message>
    <message>
        <source>the arguments are not JSON</source>
        <translation>the arguments are not JSON</translation>
    </message>
    <message>
        <source>The answer from %1 is not what the protocol promises: %2.</source>
        <translation>The answer from %1 is not what the protocol promises: %2.</translation>
    </message>
    <message>
        <source>no choices</source>
        <translation>no choices</translation>
    </message>
    <message>
        <source>the first choice has no message</source>
        <translation>the first choice has no message</translation>
    </message>
    <message>
        <source>the call has no function name</source>
        <translation>the call has no function name</translation>
    </message>
    <message>
        <source>no content array</source>
        <translation>no content array</translation>
    </message>
    <message>
        <source>The model &quot;%1&quot; cannot call tools through %2%3; pick a model or server configuration with tool support.</source>
        <translation>The model &quot;%1&quot; cannot call tools through %2%3; pick a model or server configuration with tool support.</translation>
    </message>
    <message>
        <source>%1 asks for an API key (HTTP %2) and the profile names none%3.</source>
        <translation>%1 asks for an API key (HTTP %2) and the profile names none%3.</translation>
    </message>
    <message>
        <source>%1 asks for an API key (HTTP %2) and the environment variable %3 is empty or unset%4.</source>
        <translation>%1 asks for an API key (HTTP %2) and the environment variable %3 is empty or unset%4.</translation>
    </message>
    <message>
        <source>%1 refused the API key (HTTP %2)%3.</source>
        <translation>%1 refused the API key (HTTP %2)%3.</translation>
    </message>
    <message>
        <source>%1 says the account has no credit left (HTTP 402)%2.</source>
        <translation>%1 says the account has no credit left (HTTP 402)%2.</translation>
    </message>
    <message>
        <source>%1 does not offer the model &quot;%2&quot;%3.</source>
        <translation>%1 does not offer the model &quot;%2&quot;%3.</translation>
    </message>
    <message>
        <source>Nothing answers at %1 (HTTP 404); check the base URL (OpenAI-compatible servers usually end in /v1).</source>
        <translation>Nothing answers at %1 (HTTP 404); check the base URL (OpenAI-compatible servers usually end in /v1).</translation>
    </message>
    <message>
        <source>%1 gave up waiting for the request (HTTP 408)%2.</source>
        <translation>%1 gave up waiting for the request (HTTP 408)%2.</translation>
    </message>
    <message>
        <source>%1 says the account&apos;s quota is used up; waiting will not help%2.</source>
        <translation>%1 says the account&apos;s quota is used up; waiting will not help%2.</translation>
    </message>
    <message>
        <source>%1 is rate limiting us; it asks to retry in %2 s%3.</source>
        <translation>%1 is rate limiting us; it asks to retry in %2 s%3.</translation>
    </message>
    <message>
        <source>%1 is rate limiting us%2.</source>
        <translation>%1 is rate limiting us%2.</translation>
    </message>
    <message>
        <source>%1 failed with HTTP %2%3.</source>
        <translation>%1 failed with HTTP %2%3.</translation>
    </message>
    <message>
        <source>%1 refused the request with HTTP %2%3.</source>
        <translation>%1 refused the request with HTTP %2%3.</translation>
    </message>
    <message>
        <source>The model called &quot;%1&quot; (call %2) but %3: %4</source>
        <translation>The model called &quot;%1&quot; (call %2) but %3: %4</translation>
    </message>
    <message>
        <source>The model spent its whole budget of %1 output tokens on reasoning and wrote no answer; raise maxTokens or lower its reasoning effort.</source>
        <translation>The model spent its whole budget of %1 output tokens on reasoning and wrote no answer; raise maxTokens or lower its reasoning effort.</translation>
    </message>
    <message>
        <source>The model reached its limit of %1 output tokens without writing an answer; raise maxTokens.</source>
        <translation>The model reached its limit of %1 output tokens without writing an answer; raise maxTokens.</translation>
    </message>
    <message>
        <source>The model declined to answer (%1).</source>
        <translation>The model declined to answer (%1).</translation>
    </message>
    <message>
        <source>The model answered with neither text nor a tool call (finish reason &quot;%1&quot;).</source>
        <translation>The model answered with neither text nor a tool call (finish reason &quot;%1&quot;).</translation>
    </message>
    <message>
        <source>the body is not JSON (%1)</source>
        <translation>the body is not JSON (%1)</translation>
    </message>
    <message>
        <source>no model list (%1)</source>
        <translation>no model list (%1)</translation>
    </message>
    <message>
        <source>The answer from %1 exceeded %2 MiB and was cut off.</source>
        <translation>The answer from %1 exceeded %2 MiB and was cut off.</translation>
    </message>
    <message>
        <source>No complete answer from %1 within %2 s.</source>
        <translation>No complete answer from %1 within %2 s.</translation>
    </message>
    <message>
        <source>The host name &quot;%1&quot; does not resolve; check the base URL.</source>
        <translation>The host name &quot;%1&quot; does not resolve; check the base URL.</translation>
    </message>
    <message>
        <source>Nothing accepts connections at %1; is the server running?</source>
        <translation>Nothing accepts connections at %1; is the server running?</translation>
    </message>
    <message>
        <source>The connection to %1 failed: %2.</source>
        <translation>The connection to %1 failed: %2.</translation>
    </message>
    <message>
        <source>The request to %1 was dropped before it finished.</source>
        <translation>The request to %1 was dropped before it finished.</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> and %n more</numerusform>
            <numerusform> and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server lists %n model(s).</source>
        <translation>
            <numerusform>The server lists %n model.</numerusform>
            <numerusform>The server lists %n models.</numerusform>
        </translation>
    </message>
    <message>
        <source>The model &quot;%1&quot; is among them.</source>
        <translation>The model &quot;%1&quot; is among them.</translation>
    </message>
    <message>
        <source>The server lists no models; trying &quot;%1&quot; anyway.</source>
        <translation>The server lists no models; trying &quot;%1&quot; anyway.</translation>
    </message>
    <message>
        <source>The server does not list &quot;%1&quot; (it lists %2); trying it anyway.</source>
        <translation>The server does not list &quot;%1&quot; (it lists %2); trying it anyway.</translation>
    </message>
    <message>
        <source>The model answered in text instead of calling a tool; it may not support tools through this server (it said: %1).</source>
        <translation>The model answered in text instead of calling a tool; it may not support tools through this server (it said: %1).</translation>
    </message>
    <message>
        <source>The model called %1 in %2 ms.</source>
        <translation>The model called %1 in %2 ms.</translation>
    </message>
    <message>
        <source>expected an object of named providers, found %1</source>
        <translation>expected an object of named providers, found %1</translation>
    </message>
    <message>
        <source>a provider needs a non-empty name</source>
        <translation>a provider needs a non-empty name</translation>
    </message>
    <message>
        <source>expected an array, found %1</source>
        <translation>expected an array, found %1</translation>
    </message>
    <message>
        <source>%1 seats, but a match has at most %2</source>
        <translation>%1 seats, but a match has at most %2</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>must not be empty</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names another seat already</source>
        <translation>&quot;%1&quot; names another seat already</translation>
    </message>
    <message>
        <source>expected true or false, found %1</source>
        <translation>expected true or false, found %1</translation>
    </message>
    <message>
        <source>a bot seat takes no provider</source>
        <translation>a bot seat takes no provider</translation>
    </message>
    <message>
        <source>unknown provider &quot;%1&quot; (the file defines none)</source>
        <translation>unknown provider &quot;%1&quot; (the file defines none)</translation>
    </message>
    <message>
        <source>unknown provider &quot;%1&quot; (known: %2)</source>
        <translation>unknown provider &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>missing, and provider &quot;%1&quot; names no model</source>
        <translation>missing, and provider &quot;%1&quot; names no model</translation>
    </message>
    <message>
        <source>the file is not valid JSON</source>
        <translation>the file is not valid JSON</translation>
    </message>
    <message>
        <source>the file must hold a JSON object, not %1</source>
        <translation>the file must hold a JSON object, not %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>cannot read %1: %2</translation>
    </message>
    <message>
        <source>expected an http:// or https:// URL, found &quot;%1&quot;</source>
        <translation>expected an http:// or https:// URL, found &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be one line</source>
        <translation>must be one line</translation>
    </message>
    <message>
        <source>expected a whole number, found %1</source>
        <translation>expected a whole number, found %1</translation>
    </message>
    <message>
        <source>must be between 1000 and 60000, found %1</source>
        <translation>must be between 1000 and 60000, found %1</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>unknown key</translation>
    </message>
    <message>
        <source>a push seat takes neither &quot;bot&quot; nor a provider</source>
        <translation>a push seat takes neither &quot;bot&quot; nor a provider</translation>
    </message>
    <message>
        <source>needs a provider, &quot;bot&quot;: true, &quot;human&quot;: true or &quot;push&quot;</source>
        <translation>needs a provider, &quot;bot&quot;: true, &quot;human&quot;: true or &quot;push&quot;</translation>
    </message>
    <message>
        <source>a person&apos;s seat takes neither &quot;bot&quot;, &quot;push&quot; nor a provider</source>
        <translation>a person&apos;s seat takes neither &quot;bot&quot;, &quot;push&quot; nor a provider</translation>
    </message>
    <message>
        <source>nested deeper than %1 levels</source>
        <translation>nested deeper than %1 levels</translation>
    </message>
    <message>
        <source>the arguments are %1</source>
        <translation>the arguments are %1</translation>
    </message>
    <message>
        <source>the body is %1</source>
        <translation>the body is %1</translation>
    </message>
    <message>
        <source>The provider redirected to %1; Town Hall does not send your key to another origin.</source>
        <translation>The provider redirected to %1; Town Hall does not send your key to another origin.</translation>
    </message>
    <message>
        <source>The provider redirected to %1; Town Hall follows no redirects, so put that address in the base URL.</source>
        <translation>The provider redirected to %1; Town Hall follows no redirects, so put that address in the base URL.</translation>
    </message>
    <message>
        <source>the file nests deeper than %1 levels</source>
        <translation>the file nests deeper than %1 levels</translation>
    </message>
    <message>
        <source>%1 is larger than %2 KiB; a seats file is a few KiB</source>
        <translation>%1 is larger than %2 KiB; a seats file is a few KiB</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>&amp;Yes</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>&amp;No</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Reset</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Help</translation>
    </message>
</context>
<context>
    <name>Seating</name>
    <message>
        <source>seat %1 plays with the provider &quot;%2&quot;, which is not defined</source>
        <translation>seat %1 plays with the provider &quot;%2&quot;, which is not defined</translation>
    </message>
    <message>
        <source>seat %1 names no model, and neither does its provider &quot;%2&quot;</source>
        <translation>seat %1 names no model, and neither does its provider &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 seats, but a table has %2</source>
        <translation>%1 seats, but a table has %2</translation>
    </message>
    <message>
        <source>seat %1: %2</source>
        <translation>seat %1: %2</translation>
    </message>
    <message>
        <source>seat %1 could not join the queue</source>
        <translation>seat %1 could not join the queue</translation>
    </message>
    <message>
        <source>provider &quot;%1&quot;: %2</source>
        <translation>provider &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>there is no queue %1</source>
        <translation>there is no queue %1</translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <source>stored event %1 is damaged (type, audience or payload)</source>
        <translation>stored event %1 is damaged (type, audience or payload)</translation>
    </message>
    <message>
        <source>%1 was opened read-only</source>
        <translation>%1 was opened read-only</translation>
    </message>
    <message>
        <source>cannot append events: there is no match %1</source>
        <translation>cannot append events: there is no match %1</translation>
    </message>
    <message>
        <source>event %1 (match %2, seq %3) does not follow the stored log of %4, which needs seq %5 next</source>
        <translation>event %1 (match %2, seq %3) does not follow the stored log of %4, which needs seq %5 next</translation>
    </message>
    <message>
        <source>the rows of %1 describe seq %2 but its stored log ends at %3 (events missing from the batch?)</source>
        <translation>the rows of %1 describe seq %2 but its stored log ends at %3 (events missing from the batch?)</translation>
    </message>
    <message>
        <source>%1 is not a usable SQLite database (%2). Town Hall does not modify it; move it away or choose another file with --db.</source>
        <translation>%1 is not a usable SQLite database (%2). Town Hall does not modify it; move it away or choose another file with --db.</translation>
    </message>
    <message>
        <source>%1 is an SQLite database of another program (application id 0x%2, %3 schema objects). Town Hall does not modify it; choose another file with --db.</source>
        <translation>%1 is an SQLite database of another program (application id 0x%2, %3 schema objects). Town Hall does not modify it; choose another file with --db.</translation>
    </message>
    <message>
        <source>integrity check: %1</source>
        <translation>integrity check: %1</translation>
    </message>
    <message>
        <source>it has Town Hall&apos;s application id but no schema_version table</source>
        <translation>it has Town Hall&apos;s application id but no schema_version table</translation>
    </message>
    <message>
        <source>its schema_version table is empty</source>
        <translation>its schema_version table is empty</translation>
    </message>
    <message>
        <source>%1 was written by a newer Town Hall (schema version %2; this build knows up to %3). Update Town Hall; the file is left as it is.</source>
        <translation>%1 was written by a newer Town Hall (schema version %2; this build knows up to %3). Update Town Hall; the file is left as it is.</translation>
    </message>
    <message>
        <source>no database path given</source>
        <translation>no database path given</translation>
    </message>
    <message>
        <source>%1 exists but is not a file</source>
        <translation>%1 exists but is not a file</translation>
    </message>
    <message>
        <source>there is no database at %1</source>
        <translation>there is no database at %1</translation>
    </message>
    <message>
        <source>cannot create the directory %1 for the database</source>
        <translation>cannot create the directory %1 for the database</translation>
    </message>
    <message>
        <source>%1 is not readable</source>
        <translation>%1 is not readable</translation>
    </message>
    <message>
        <source>%1 is read-only. Fix its permissions or choose another file with --db.</source>
        <translation>%1 is read-only. Fix its permissions or choose another file with --db.</translation>
    </message>
    <message>
        <source>the directory %1 is not writable (the database needs its -wal and -shm files there). Choose another place with --db.</source>
        <translation>the directory %1 is not writable (the database needs its -wal and -shm files there). Choose another place with --db.</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver (QSQLITE) is not available; install the package libqt6sql6-sqlite</source>
        <translation>Qt&apos;s SQLite driver (QSQLITE) is not available; install the package libqt6sql6-sqlite</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>cannot open %1</translation>
    </message>
    <message>
        <source>%1 has schema version %2 and needs migrating to %3; open it once without read-only</source>
        <translation>%1 has schema version %2 and needs migrating to %3; open it once without read-only</translation>
    </message>
    <message>
        <source>%1: upgrading the schema from version %2 to %3 failed and was rolled back: %4</source>
        <translation>%1: upgrading the schema from version %2 to %3 failed and was rolled back: %4</translation>
    </message>
    <message>
        <source>%1: SQLite refused WAL mode (journal mode is %2)</source>
        <translation>%1: SQLite refused WAL mode (journal mode is %2)</translation>
    </message>
    <message>
        <source>a batch entry for %1 carries the rows of %2</source>
        <translation>a batch entry for %1 carries the rows of %2</translation>
    </message>
    <message>
        <source>read the lobby journal</source>
        <translation>read the lobby journal</translation>
    </message>
    <message>
        <source>lobby journal record %1 is damaged</source>
        <translation>lobby journal record %1 is damaged</translation>
    </message>
    <message>
        <source>list matches</source>
        <translation>list matches</translation>
    </message>
    <message>
        <source>there is no match %1</source>
        <translation>there is no match %1</translation>
    </message>
    <message>
        <source>list unfinished matches</source>
        <translation>list unfinished matches</translation>
    </message>
    <message>
        <source>its row describes seq %1 but the log ends at %2</source>
        <translation>its row describes seq %1 but the log ends at %2</translation>
    </message>
    <message>
        <source>the replay&apos;s state hash %1 differs from the stored %2</source>
        <translation>the replay&apos;s state hash %1 differs from the stored %2</translation>
    </message>
    <message>
        <source>read the buildings</source>
        <translation>read the buildings</translation>
    </message>
    <message>
        <source>an agent name must be 1 to 64 characters</source>
        <translation>an agent name must be 1 to 64 characters</translation>
    </message>
    <message>
        <source>an agent named &quot;%1&quot; already exists; revoke it first or pick another name</source>
        <translation>an agent named &quot;%1&quot; already exists; revoke it first or pick another name</translation>
    </message>
    <message>
        <source>unknown or revoked agent token</source>
        <translation>unknown or revoked agent token</translation>
    </message>
    <message>
        <source>list agents</source>
        <translation>list agents</translation>
    </message>
    <message>
        <source>no active agent with id or name &quot;%1&quot;</source>
        <translation>no active agent with id or name &quot;%1&quot;</translation>
    </message>
    <message>
        <source>match %1 already exists in %2; nothing was imported</source>
        <translation>match %1 already exists in %2; nothing was imported</translation>
    </message>
    <message>
        <source>line %1: not valid JSON</source>
        <translation>line %1: not valid JSON</translation>
    </message>
    <message>
        <source>line %1: not an event: %2</source>
        <translation>line %1: not an event: %2</translation>
    </message>
    <message>
        <source>line %1: event of match %2 in the log of match %3</source>
        <translation>line %1: event of match %2 in the log of match %3</translation>
    </message>
    <message>
        <source>duplicate or out of order</source>
        <translation>duplicate or out of order</translation>
    </message>
    <message>
        <source>gap</source>
        <translation>gap</translation>
    </message>
    <message>
        <source>line %1: seq %2 where %3 was expected (%4)</source>
        <translation>line %1: seq %2 where %3 was expected (%4)</translation>
    </message>
    <message>
        <source>the log holds no events</source>
        <translation>the log holds no events</translation>
    </message>
    <message>
        <source>the events do not replay: %1</source>
        <translation>the events do not replay: %1</translation>
    </message>
    <message>
        <source>the match has no events</source>
        <translation>the match has no events</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither an event id of %2 nor a sequence number</source>
        <translation>&apos;%1&apos; is neither an event id of %2 nor a sequence number</translation>
    </message>
    <message>
        <source>%1 has %2 events; there is no event %3</source>
        <translation>%1 has %2 events; there is no event %3</translation>
    </message>
    <message>
        <source>the disk or the database size limit is full (%1)</source>
        <translation>the disk or the database size limit is full (%1)</translation>
    </message>
    <message>
        <source>a recorded response does not decompress</source>
        <translation>a recorded response does not decompress</translation>
    </message>
    <message>
        <source>a recorded response cannot be restored</source>
        <translation>a recorded response cannot be restored</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver uses SQLite %1, but Town Hall links SQLite %2; both must be the system&apos;s libsqlite3</source>
        <translation>Qt&apos;s SQLite driver uses SQLite %1, but Town Hall links SQLite %2; both must be the system&apos;s libsqlite3</translation>
    </message>
    <message>
        <source>cannot open a checkpoint connection to %1: %2</source>
        <translation>cannot open a checkpoint connection to %1: %2</translation>
    </message>
    <message>
        <source>cannot read %1 for checkpoints: %2</source>
        <translation>cannot read %1 for checkpoints: %2</translation>
    </message>
    <message>
        <source>modelSeat is not an object</source>
        <translation>modelSeat is not an object</translation>
    </message>
    <message>
        <source>modelSeat.%1 is missing or not a string</source>
        <translation>modelSeat.%1 is missing or not a string</translation>
    </message>
    <message>
        <source>modelSeat.%1 is missing or not an object</source>
        <translation>modelSeat.%1 is missing or not an object</translation>
    </message>
    <message>
        <source>modelSeat.profile holds an API key; keys are never imported</source>
        <translation>modelSeat.profile holds an API key; keys are never imported</translation>
    </message>
    <message>
        <source>modelSeat.notes is missing or not an array</source>
        <translation>modelSeat.notes is missing or not an array</translation>
    </message>
    <message>
        <source>modelSeat.notes[%1] is not a note (n, at, day, phase, kind, text)</source>
        <translation>modelSeat.notes[%1] is not a note (n, at, day, phase, kind, text)</translation>
    </message>
    <message>
        <source>modelSeat.notes[%1]: note %2 is out of order</source>
        <translation>modelSeat.notes[%1]: note %2 is out of order</translation>
    </message>
    <message>
        <source>the stored profile or counts of model seat %1 of %2 are damaged</source>
        <translation>the stored profile or counts of model seat %1 of %2 are damaged</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>line %1: %2</translation>
    </message>
    <message>
        <source>read the queued model seats</source>
        <translation>read the queued model seats</translation>
    </message>
    <message>
        <source>a model seat of match %1 in the log of match %2</source>
        <translation>a model seat of match %1 in the log of match %2</translation>
    </message>
    <message>
        <source>model seat %1 (%2) is not a seat of %3</source>
        <translation>model seat %1 (%2) is not a seat of %3</translation>
    </message>
    <message>
        <source>model seat %1 comes twice</source>
        <translation>model seat %1 comes twice</translation>
    </message>
    <message>
        <source>a tournament match&apos;s log does not decompress</source>
        <translation>a tournament match&apos;s log does not decompress</translation>
    </message>
    <message>
        <source>the tournament schedules no match</source>
        <translation>the tournament schedules no match</translation>
    </message>
    <message>
        <source>tournament %1&apos;s stored file does not parse: %2</source>
        <translation>tournament %1&apos;s stored file does not parse: %2</translation>
    </message>
    <message>
        <source>tournament %1 has participants that are not built-in bots; it plays live</source>
        <translation>tournament %1 has participants that are not built-in bots; it plays live</translation>
    </message>
    <message>
        <source>tournament %1&apos;s match %2 has a schedule entry that does not parse</source>
        <translation>tournament %1&apos;s match %2 has a schedule entry that does not parse</translation>
    </message>
    <message>
        <source>tournament %1 has no played match %2</source>
        <translation>tournament %1 has no played match %2</translation>
    </message>
    <message>
        <source>read the tournaments</source>
        <translation>read the tournaments</translation>
    </message>
    <message>
        <source>tournament %1 already exists</source>
        <translation>tournament %1 already exists</translation>
    </message>
    <message>
        <source>no tournament %1</source>
        <translation>no tournament %1</translation>
    </message>
    <message>
        <source>tournament %1 has no match %2</source>
        <translation>tournament %1 has no match %2</translation>
    </message>
    <message>
        <source>tournament %1 has matches this host cannot claim</source>
        <translation>tournament %1 has matches this host cannot claim</translation>
    </message>
    <message>
        <source>PostgreSQL: %1: %2</source>
        <translation>PostgreSQL: %1: %2</translation>
    </message>
    <message>
        <source>begin a transaction</source>
        <translation>begin a transaction</translation>
    </message>
    <message>
        <source>commit</source>
        <translation>commit</translation>
    </message>
    <message>
        <source>not a postgresql:// URL</source>
        <translation>not a postgresql:// URL</translation>
    </message>
    <message>
        <source>the database URL does not parse: %1</source>
        <translation>the database URL does not parse: %1</translation>
    </message>
    <message>
        <source>the database URL holds a password; put it in PGPASSWORD or a .pgpass file (PGPASSFILE), never on the command line</source>
        <translation>the database URL holds a password; put it in PGPASSWORD or a .pgpass file (PGPASSFILE), never on the command line</translation>
    </message>
    <message>
        <source>the database URL names no database (postgresql://USER@HOST:PORT/DB)</source>
        <translation>the database URL names no database (postgresql://USER@HOST:PORT/DB)</translation>
    </message>
    <message>
        <source>the database URL holds a password (%1); put it in PGPASSWORD or a .pgpass file (PGPASSFILE), never on the command line</source>
        <translation>the database URL holds a password (%1); put it in PGPASSWORD or a .pgpass file (PGPASSFILE), never on the command line</translation>
    </message>
    <message>
        <source>the database URL sets &quot;%1&quot;, which is not a connection option Town Hall passes on (it passes: %2)</source>
        <translation>the database URL sets &quot;%1&quot;, which is not a connection option Town Hall passes on (it passes: %2)</translation>
    </message>
    <message>
        <source>Qt&apos;s PostgreSQL driver is not installed (Debian: libqt6sql6-psql)</source>
        <translation>Qt&apos;s PostgreSQL driver is not installed (Debian: libqt6sql6-psql)</translation>
    </message>
    <message>
        <source>cannot connect to %1</source>
        <translation>cannot connect to %1</translation>
    </message>
    <message>
        <source>set up the session</source>
        <translation>set up the session</translation>
    </message>
    <message>
        <source>lock the schema</source>
        <translation>lock the schema</translation>
    </message>
    <message>
        <source>create the tables</source>
        <translation>create the tables</translation>
    </message>
    <message>
        <source>read the schema version</source>
        <translation>read the schema version</translation>
    </message>
    <message>
        <source>write the schema version</source>
        <translation>write the schema version</translation>
    </message>
    <message>
        <source>the database&apos;s Town Hall tables are version %1, written by a newer Town Hall (this one reads version %2)</source>
        <translation>the database&apos;s Town Hall tables are version %1, written by a newer Town Hall (this one reads version %2)</translation>
    </message>
    <message>
        <source>number the tournament</source>
        <translation>number the tournament</translation>
    </message>
    <message>
        <source>store a tournament</source>
        <translation>store a tournament</translation>
    </message>
    <message>
        <source>store a tournament&apos;s schedule</source>
        <translation>store a tournament&apos;s schedule</translation>
    </message>
    <message>
        <source>read a tournament</source>
        <translation>read a tournament</translation>
    </message>
    <message>
        <source>read a tournament&apos;s matches</source>
        <translation>read a tournament&apos;s matches</translation>
    </message>
    <message>
        <source>claim matches</source>
        <translation>claim matches</translation>
    </message>
    <message>
        <source>renew the leases</source>
        <translation>renew the leases</translation>
    </message>
    <message>
        <source>record a claimed match</source>
        <translation>record a claimed match</translation>
    </message>
    <message>
        <source>tournament %1&apos;s match %2 is no longer held by this host</source>
        <translation>tournament %1&apos;s match %2 is no longer held by this host</translation>
    </message>
    <message>
        <source>record a finished match</source>
        <translation>record a finished match</translation>
    </message>
    <message>
        <source>give back a claim</source>
        <translation>give back a claim</translation>
    </message>
    <message>
        <source>finish a tournament</source>
        <translation>finish a tournament</translation>
    </message>
    <message>
        <source>match %1 has no log in the shared database</source>
        <translation>match %1 has no log in the shared database</translation>
    </message>
    <message>
        <source>line %1: nested deeper than %2 levels</source>
        <translation>line %1: nested deeper than %2 levels</translation>
    </message>
    <message>
        <source>match %1 says it is match number %2, whose id is %3; the two must agree</source>
        <translation>match %1 says it is match number %2, whose id is %3; the two must agree</translation>
    </message>
    <message>
        <source>the log does not follow the rules: %1</source>
        <translation>the log does not follow the rules: %1</translation>
    </message>
    <message>
        <source>look up a match number</source>
        <translation>look up a match number</translation>
    </message>
    <message>
        <source>match number %1 is taken by %2 in %3; nothing was imported</source>
        <translation>match number %1 is taken by %2 in %3; nothing was imported</translation>
    </message>
</context>
<context>
    <name>townhall::app::HostWorker</name>
    <message>
        <source>The match database cannot be used: %1. Matches of this session will not be saved.</source>
        <translation>The match database cannot be used: %1. Matches of this session will not be saved.</translation>
    </message>
    <message>
        <source>port %1 was busy</source>
        <translation>port %1 was busy</translation>
    </message>
    <message>
        <source>Port %1 is in use; agents connect on port %2 instead.</source>
        <translation>Port %1 is in use; agents connect on port %2 instead.</translation>
    </message>
    <message>
        <source>The MCP server cannot start: %1. Agents cannot connect; bots still play.</source>
        <translation>The MCP server cannot start: %1. Agents cannot connect; bots still play.</translation>
    </message>
    <message>
        <source>not listening</source>
        <translation>not listening</translation>
    </message>
    <message>
        <source>listening</source>
        <translation>listening</translation>
    </message>
    <message>
        <source>guest agents allowed</source>
        <translation>guest agents allowed</translation>
    </message>
    <message>
        <source>agents need a token</source>
        <translation>agents need a token</translation>
    </message>
    <message>
        <source>matches are not saved</source>
        <translation>matches are not saved</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>Agents are kept in the match database, which this session does not use.</source>
        <translation>Agents are kept in the match database, which this session does not use.</translation>
    </message>
    <message>
        <source>An agent&apos;s name must be 1 to 32 characters long.</source>
        <translation>An agent&apos;s name must be 1 to 32 characters long.</translation>
    </message>
    <message>
        <source>The agent could not be registered: %1</source>
        <translation>The agent could not be registered: %1</translation>
    </message>
    <message>
        <source>The agent could not be revoked: %1</source>
        <translation>The agent could not be revoked: %1</translation>
    </message>
    <message>
        <source>Saving failed: %1. Nothing unsaved is shown; the host refuses changes and retries until storage works again.</source>
        <translation>Saving failed: %1. Nothing unsaved is shown; the host refuses changes and retries until storage works again.</translation>
    </message>
    <message numerus="yes">
        <source>Storage works again after %n failed attempt(s); play goes on.</source>
        <translation>
            <numerusform>Storage works again after %n failed attempt; play goes on.</numerusform>
            <numerusform>Storage works again after %n failed attempts; play goes on.</numerusform>
        </translation>
    </message>
    <message>
        <source>The new match&apos;s seats were not queued: %1.</source>
        <translation>The new match&apos;s seats were not queued: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Queued %n seat(s) for the next table.</source>
        <translation>
            <numerusform>Queued %n seat for the next table.</numerusform>
            <numerusform>Queued %n seats for the next table.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only %n seat(s) were queued: %1.</source>
        <translation>
            <numerusform>Only %n seat was queued: %1.</numerusform>
            <numerusform>Only %n seats were queued: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) wait for MCP agents.</source>
        <translation>
            <numerusform>%n seat waits for MCP agents.</numerusform>
            <numerusform>%n seats wait for MCP agents.</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning: %1.</source>
        <translation>Warning: %1.</translation>
    </message>
    <message>
        <source>Spectators on other machines can watch at %1</source>
        <translation>Spectators on other machines can watch at %1</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) wait for MCP agents in the queue %1.</source>
        <translation>
            <numerusform>%n seat waits for MCP agents in the queue %1.</numerusform>
            <numerusform>%n seats wait for MCP agents in the queue %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>A tournament needs the database, and the host has none.</source>
        <translation>A tournament needs the database, and the host has none.</translation>
    </message>
    <message>
        <source>A tournament is under way; one runs at a time.</source>
        <translation>A tournament is under way; one runs at a time.</translation>
    </message>
    <message>
        <source>Tournaments of bots need a database file; this host keeps its matches in memory.</source>
        <translation>Tournaments of bots need a database file; this host keeps its matches in memory.</translation>
    </message>
    <message>
        <source>waiting for %1 to join the queue %2</source>
        <translation>waiting for %1 to join the queue %2</translation>
    </message>
    <message>
        <source>match %1 has no events</source>
        <translation>match %1 has no events</translation>
    </message>
    <message>
        <source>%1 could not be marked spoiled: %2</source>
        <translation>%1 could not be marked spoiled: %2</translation>
    </message>
    <message>
        <source>%1:%2 is not an IP address and a port.</source>
        <translation>%1:%2 is not an IP address and a port.</translation>
    </message>
    <message>
        <source>Port %1 is in use; the players&apos; pages are on port %2 instead.</source>
        <translation>Port %1 is in use; the players&apos; pages are on port %2 instead.</translation>
    </message>
    <message>
        <source>Person %1</source>
        <translation>Person %1</translation>
    </message>
    <message>
        <source>%1 could not join the queue.</source>
        <translation>%1 could not join the queue.</translation>
    </message>
</context>
<context>
    <name>townhall::app::NewMatchDialog</name>
    <message>
        <source>&amp;New match…</source>
        <translation>&amp;New match…</translation>
    </message>
    <message>
        <source>Choose bots, models and open seats for the next table (Ctrl+Shift+N)</source>
        <translation>Choose bots, models and open seats for the next table (Ctrl+Shift+N)</translation>
    </message>
    <message>
        <source>New match</source>
        <translation>New match</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Seat</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Played by</source>
        <translation>Played by</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Persona</source>
        <translation>Persona</translation>
    </message>
    <message>
        <source>All bots</source>
        <translation>All bots</translation>
    </message>
    <message>
        <source>All play…</source>
        <translation>All play…</translation>
    </message>
    <message>
        <source>Every seat a model of one provider</source>
        <translation>Every seat a model of one provider</translation>
    </message>
    <message>
        <source>Set up a model provider…</source>
        <translation>Set up a model provider…</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Model play (longer turns)</source>
        <translation>Model play (longer turns)</translation>
    </message>
    <message>
        <source>Language models take seconds per call: model play gives each turn room for a retry.</source>
        <translation>Language models take seconds per call: model play gives each turn room for a retry.</translation>
    </message>
    <message>
        <source>&amp;Timers:</source>
        <translation>&amp;Timers:</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problems</translation>
    </message>
    <message>
        <source>Queue the seats</source>
        <translation>Queue the seats</translation>
    </message>
    <message>
        <source>Built-in bot</source>
        <translation>Built-in bot</translation>
    </message>
    <message>
        <source>Open for an MCP agent</source>
        <translation>Open for an MCP agent</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Seat %1</translation>
    </message>
    <message>
        <source>%1 name</source>
        <translation>%1 name</translation>
    </message>
    <message>
        <source>%1 played by</source>
        <translation>%1 played by</translation>
    </message>
    <message>
        <source>%1 provider</source>
        <translation>%1 provider</translation>
    </message>
    <message>
        <source>%1 model</source>
        <translation>%1 model</translation>
    </message>
    <message>
        <source>%1 persona</source>
        <translation>%1 persona</translation>
    </message>
    <message>
        <source>none set up</source>
        <translation>none set up</translation>
    </message>
    <message>
        <source>choose…</source>
        <translation>choose…</translation>
    </message>
    <message>
        <source>model name</source>
        <translation>model name</translation>
    </message>
    <message>
        <source>optional: how this seat talks</source>
        <translation>optional: how this seat talks</translation>
    </message>
    <message>
        <source>the agent&apos;s own name</source>
        <translation>the agent&apos;s own name</translation>
    </message>
    <message>
        <source>a name</source>
        <translation>a name</translation>
    </message>
    <message>
        <source>Seat %1 needs a name.</source>
        <translation>Seat %1 needs a name.</translation>
    </message>
    <message>
        <source>Seat %1 is called &quot;%2&quot; like seat %3; every seat needs a name of its own.</source>
        <translation>Seat %1 is called &quot;%2&quot; like seat %3; every seat needs a name of its own.</translation>
    </message>
    <message>
        <source>Seat %1 is a model, but no model provider is set up yet.</source>
        <translation>Seat %1 is a model, but no model provider is set up yet.</translation>
    </message>
    <message>
        <source>Seat %1 is a model: choose its provider.</source>
        <translation>Seat %1 is a model: choose its provider.</translation>
    </message>
    <message>
        <source>Seat %1: the provider &quot;%2&quot; names no model; type one.</source>
        <translation>Seat %1: the provider &quot;%2&quot; names no model; type one.</translation>
    </message>
    <message>
        <source>Models: %1 · Bots: %2 · Open for agents: %3</source>
        <translation>Models: %1 · Bots: %2 · Open for agents: %3</translation>
    </message>
    <message>
        <source>The match starts when agents take the open seats (or when you fill them with bots).</source>
        <translation>The match starts when agents take the open seats (or when you fill them with bots).</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n seats)</source>
        <translation>
            <numerusform>%1 (%n seat)</numerusform>
            <numerusform>%1 (%n seats)</numerusform>
        </translation>
    </message>
    <message>
        <source>The roles at the table and the rules (the witch tables add the witch, the hunter and the PK).</source>
        <translation>The roles at the table and the rules (the witch tables add the witch, the hunter and the PK).</translation>
    </message>
    <message>
        <source>&amp;Rules:</source>
        <translation>&amp;Rules:</translation>
    </message>
    <message>
        <source>Push agent</source>
        <translation>Push agent</translation>
    </message>
    <message>
        <source>token (optional)</source>
        <translation>token (optional)</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>%1 push agent URL</source>
        <translation>%1 push agent URL</translation>
    </message>
    <message>
        <source>%1 push agent token</source>
        <translation>%1 push agent token</translation>
    </message>
    <message>
        <source>%1 push agent deadline</source>
        <translation>%1 push agent deadline</translation>
    </message>
    <message>
        <source>Seat %1 is a push agent: type the URL it listens on.</source>
        <translation>Seat %1 is a push agent: type the URL it listens on.</translation>
    </message>
    <message>
        <source>Seat %1: the push agent&apos;s URL must start with http:// or https://.</source>
        <translation>Seat %1: the push agent&apos;s URL must start with http:// or https://.</translation>
    </message>
    <message>
        <source>Push agents: %1</source>
        <translation>Push agents: %1</translation>
    </message>
    <message>
        <source>Choose who takes each seat of the next table. Open seats wait for MCP agents; the match starts when every seat of the table is taken.</source>
        <translation>Choose who takes each seat of the next table. Open seats wait for MCP agents; the match starts when every seat of the table is taken.</translation>
    </message>
    <message>
        <source>People (the longest turns)</source>
        <translation>People (the longest turns)</translation>
    </message>
    <message>
        <source>Me (I play it here)</source>
        <translation>Me (I play it here)</translation>
    </message>
    <message>
        <source>Seats %1 and %2 are both &quot;Me&quot;; you can play one seat.</source>
        <translation>Seats %1 and %2 are both &quot;Me&quot;; you can play one seat.</translation>
    </message>
    <message>
        <source>You play seat %1</source>
        <translation>You play seat %1</translation>
    </message>
</context>
<context>
    <name>townhall::app::ProfilesDialog</name>
    <message>
        <source>&amp;Models</source>
        <translation>&amp;Models</translation>
    </message>
    <message>
        <source>Model &amp;providers…</source>
        <translation>Model &amp;providers…</translation>
    </message>
    <message>
        <source>Model providers</source>
        <translation>Model providers</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>OpenAI-compatible (OpenAI, Ollama, llama.cpp, vLLM, OpenRouter…)</source>
        <translation>OpenAI-compatible (OpenAI, Ollama, llama.cpp, vLLM, OpenRouter…)</translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation>Anthropic</translation>
    </message>
    <message>
        <source>kept in the system keychain, never in a file</source>
        <translation>kept in the system keychain, never in a file</translation>
    </message>
    <message>
        <source>or the name of an environment variable</source>
        <translation>or the name of an environment variable</translation>
    </message>
    <message>
        <source>server default</source>
        <translation>server default</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protocol</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Base URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API key</translation>
    </message>
    <message>
        <source>Key variable</source>
        <translation>Key variable</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperature</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Max tokens</translation>
    </message>
    <message>
        <source>Request timeout</source>
        <translation>Request timeout</translation>
    </message>
    <message>
        <source>Price per million input tokens</source>
        <translation>Price per million input tokens</translation>
    </message>
    <message>
        <source>Price per million output tokens</source>
        <translation>Price per million output tokens</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Test connection</translation>
    </message>
    <message>
        <source>Testing %1…</source>
        <translation>Testing %1…</translation>
    </message>
    <message>
        <source>The connection works.</source>
        <translation>The connection works.</translation>
    </message>
    <message>
        <source>The connection does not work: %1</source>
        <translation>The connection does not work: %1</translation>
    </message>
</context>
<context>
    <name>townhall::app::SharedLeaderboard</name>
    <message>
        <source>reading…</source>
        <translation>reading…</translation>
    </message>
    <message>
        <source>match %1</source>
        <translation>match %1</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>finished</translation>
    </message>
    <message numerus="yes">
        <source>running; looks again every %n second(s) (last at %1)</source>
        <translation>
            <numerusform>running; looks again every %n second (last at %1)</numerusform>
            <numerusform>running; looks again every %n seconds (last at %1)</numerusform>
        </translation>
    </message>
    <message>
        <source>could not be read: %1</source>
        <translation>could not be read: %1</translation>
    </message>
    <message>
        <source>Shared tournament %1: %2</source>
        <translation>Shared tournament %1: %2</translation>
    </message>
    <message>
        <source>Shared tournament %1 at %2 — %3</source>
        <translation>Shared tournament %1 at %2 — %3</translation>
    </message>
    <message>
        <source>an unknown database</source>
        <translation>an unknown database</translation>
    </message>
    <message>
        <source>Match %1 is being played by host %2 now; watch it live with Match → Watch a host… at that host&apos;s spectator address. It can be replayed here once it has ended.</source>
        <translation>Match %1 is being played by host %2 now; watch it live with Match → Watch a host… at that host&apos;s spectator address. It can be replayed here once it has ended.</translation>
    </message>
    <message>
        <source>Shared tournament %1: match %2: %3</source>
        <translation>Shared tournament %1: match %2: %3</translation>
    </message>
</context>
<context>
    <name>townhall::host::Host</name>
    <message>
        <source>Match %1 could not be recovered: %2</source>
        <translation>Match %1 could not be recovered: %2</translation>
    </message>
    <message>
        <source>Resumed %1 at %2, day %3</source>
        <translation>Resumed %1 at %2, day %3</translation>
    </message>
    <message>
        <source>cannot write %1 (%2); Town Hall needs to write the database and its -wal and -shm files</source>
        <translation>cannot write %1 (%2); Town Hall needs to write the database and its -wal and -shm files</translation>
    </message>
    <message>
        <source>%1 is in use by another Town Hall host (pid %2 on %3%4). Stop it first, or use another --db; read-only commands (export, replay, calls) work beside it.</source>
        <translation>%1 is in use by another Town Hall host (pid %2 on %3%4). Stop it first, or use another --db; read-only commands (export, replay, calls) work beside it.</translation>
    </message>
    <message>
        <source>, serving %1</source>
        <translation>, serving %1</translation>
    </message>
    <message>
        <source>cannot create the lock file %1 next to the database</source>
        <translation>cannot create the lock file %1 next to the database</translation>
    </message>
    <message>
        <source>The model seats waiting in the queue could not be read: %1</source>
        <translation>The model seats waiting in the queue could not be read: %1</translation>
    </message>
    <message>
        <source>The notes of model seat %1 in %2 could not be read: %3</source>
        <translation>The notes of model seat %1 in %2 could not be read: %3</translation>
    </message>
    <message>
        <source>The model seats of %1 could not be read: %2</source>
        <translation>The model seats of %1 could not be read: %2</translation>
    </message>
</context>
<context>
    <name>townhall::host::LiveTournament</name>
    <message>
        <source>a tournament with people plays on one host: give it a database file, not a shared database</source>
        <translation>a tournament with people plays on one host: give it a database file, not a shared database</translation>
    </message>
    <message>
        <source>the app seats one person (you) in a tournament; play one with several people headless, with --players-listen</source>
        <translation>the app seats one person (you) in a tournament; play one with several people headless, with --players-listen</translation>
    </message>
    <message>
        <source>a tournament needs the database</source>
        <translation>a tournament needs the database</translation>
    </message>
    <message>
        <source>the tournament&apos;s seats do not match its participants</source>
        <translation>the tournament&apos;s seats do not match its participants</translation>
    </message>
    <message>
        <source>participant %1: no registered agent named &quot;%2&quot; (townhall agent add NAME)</source>
        <translation>participant %1: no registered agent named &quot;%2&quot; (townhall agent add NAME)</translation>
    </message>
    <message>
        <source>tournament %1: match %2&apos;s schedule entry does not parse</source>
        <translation>tournament %1: match %2&apos;s schedule entry does not parse</translation>
    </message>
    <message>
        <source>tournament %1: could not seat %2 in match %3</source>
        <translation>tournament %1: could not seat %2 in match %3</translation>
    </message>
    <message>
        <source>tournament %1: match %2 did not start</source>
        <translation>tournament %1: match %2 did not start</translation>
    </message>
    <message>
        <source>a tournament on this host must be in the host&apos;s own database</source>
        <translation>a tournament on this host must be in the host&apos;s own database</translation>
    </message>
    <message>
        <source>another host took it over</source>
        <translation>another host took it over</translation>
    </message>
    <message>
        <source>tournament %1: the shared database is out of reach (%2); trying again</source>
        <translation>tournament %1: the shared database is out of reach (%2); trying again</translation>
    </message>
    <message>
        <source>tournament %1: match %2 (%3) ended, but another host had taken it over (this host&apos;s lease ran out); it is not recorded twice</source>
        <translation>tournament %1: match %2 (%3) ended, but another host had taken it over (this host&apos;s lease ran out); it is not recorded twice</translation>
    </message>
    <message>
        <source>this host&apos;s lease ran out and another host took it over</source>
        <translation>this host&apos;s lease ran out and another host took it over</translation>
    </message>
    <message>
        <source>tournament %1: match %2 is abandoned here (%3); it is played again from the start by the host that holds it</source>
        <translation>tournament %1: match %2 is abandoned here (%3); it is played again from the start by the host that holds it</translation>
    </message>
</context>
<context>
    <name>townhall::host::McpService</name>
    <message>
        <source>cannot listen on 127.0.0.1:%1: %2</source>
        <translation>cannot listen on 127.0.0.1:%1: %2</translation>
    </message>
    <message>
        <source>cannot offer the spectator feed on %1:%2: %3</source>
        <translation>cannot offer the spectator feed on %1:%2: %3</translation>
    </message>
</context>
<context>
    <name>townhall::host::PlayersServer</name>
    <message>
        <source>cannot offer the players&apos; pages on %1:%2: %3</source>
        <translation>cannot offer the players&apos; pages on %1:%2: %3</translation>
    </message>
</context>
<context>
    <name>townhall::host::Recorder</name>
    <message>
        <source>recorded calls are kept in memory only: %1</source>
        <translation>recorded calls are kept in memory only: %1</translation>
    </message>
</context>
<context>
    <name>townhall::host::SeatRoster</name>
    <message>
        <source>it is not a JSON object</source>
        <translation>it is not a JSON object</translation>
    </message>
    <message>
        <source>Model seat %1 in %2: %3</source>
        <translation>Model seat %1 in %2: %3</translation>
    </message>
    <message>
        <source>how to play it was not stored</source>
        <translation>how to play it was not stored</translation>
    </message>
    <message>
        <source>its stored provider profile could not be read (%1)</source>
        <translation>its stored provider profile could not be read (%1)</translation>
    </message>
    <message>
        <source>Model seat %1 left the queue: %2</source>
        <translation>Model seat %1 left the queue: %2</translation>
    </message>
    <message>
        <source>%1&apos;s seat left the queue: its join link does not outlive a restart; invite them again</source>
        <translation>%1&apos;s seat left the queue: its join link does not outlive a restart; invite them again</translation>
    </message>
</context>
<context>
    <name>townhall::host::SpectatorFeed</name>
    <message>
        <source>cannot offer the spectator feed on %1:%2: %3</source>
        <translation>cannot offer the spectator feed on %1:%2: %3</translation>
    </message>
    <message>
        <source>the feed is at /spectate</source>
        <translation>the feed is at /spectate</translation>
    </message>
    <message>
        <source>too many spectators (%1)</source>
        <translation>too many spectators (%1)</translation>
    </message>
    <message>
        <source>delay must be a number of seconds from 0 to %1</source>
        <translation>delay must be a number of seconds from 0 to %1</translation>
    </message>
    <message>
        <source>history must be &quot;full&quot; or left out</source>
        <translation>history must be &quot;full&quot; or left out</translation>
    </message>
    <message>
        <source>the messages after your position are no longer held</source>
        <translation>the messages after your position are no longer held</translation>
    </message>
    <message>
        <source>you fell too far behind</source>
        <translation>you fell too far behind</translation>
    </message>
    <message>
        <source>no match %1 is being played here (yet)</source>
        <translation>no match %1 is being played here (yet)</translation>
    </message>
</context>
<context>
    <name>townhall::ui::AgentsPanel</name>
    <message>
        <source>&amp;Register</source>
        <translation>&amp;Register</translation>
    </message>
    <message>
        <source>Copy &amp;token</source>
        <translation>Copy &amp;token</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sessions</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Matches</translation>
    </message>
    <message>
        <source>Registered</source>
        <translation>Registered</translation>
    </message>
    <message>
        <source>Registered agents</source>
        <translation>Registered agents</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transport</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Since</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>Last activity</translation>
    </message>
    <message>
        <source>Live sessions of the selected agent</source>
        <translation>Live sessions of the selected agent</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Match</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Role</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>Days</translation>
    </message>
    <message>
        <source>Matches of the selected agent</source>
        <translation>Matches of the selected agent</translation>
    </message>
    <message>
        <source>Re&amp;voke…</source>
        <translation>Re&amp;voke…</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>e.g. my-agent</source>
        <translation>e.g. my-agent</translation>
    </message>
    <message>
        <source>Name of the new agent</source>
        <translation>Name of the new agent</translation>
    </message>
    <message>
        <source>Register an agent and show its token once</source>
        <translation>Register an agent and show its token once</translation>
    </message>
    <message>
        <source>New agent&apos;s token</source>
        <translation>New agent&apos;s token</translation>
    </message>
    <message>
        <source>Copy the token to the clipboard</source>
        <translation>Copy the token to the clipboard</translation>
    </message>
    <message>
        <source>Client configurations</source>
        <translation>Client configurations</translation>
    </message>
    <message>
        <source>Copy URL and header</source>
        <translation>Copy URL and header</translation>
    </message>
    <message>
        <source>Copy Claude Desktop entry</source>
        <translation>Copy Claude Desktop entry</translation>
    </message>
    <message>
        <source>Copy mcp.json</source>
        <translation>Copy mcp.json</translation>
    </message>
    <message>
        <source>Copy underscore-name mcp.json</source>
        <translation>Copy underscore-name mcp.json</translation>
    </message>
    <message>
        <source>The Streamable HTTP URL and its Authorization: Bearer header</source>
        <translation>The Streamable HTTP URL and its Authorization: Bearer header</translation>
    </message>
    <message>
        <source>An mcpServers entry that runs townhall mcp-stdio (tool names with underscores)</source>
        <translation>An mcpServers entry that runs townhall mcp-stdio (tool names with underscores)</translation>
    </message>
    <message>
        <source>A generic mcp.json entry: URL and headers</source>
        <translation>A generic mcp.json entry: URL and headers</translation>
    </message>
    <message>
        <source>The /mcp/underscore endpoint, for clients that reject dotted tool names</source>
        <translation>The /mcp/underscore endpoint, for clients that reject dotted tool names</translation>
    </message>
    <message>
        <source>Copy VS Code entry</source>
        <translation>Copy VS Code entry</translation>
    </message>
    <message>
        <source>Copy Cursor install link</source>
        <translation>Copy Cursor install link</translation>
    </message>
    <message>
        <source>One line of JSON for code --add-mcp (adds the server to VS Code)</source>
        <translation>One line of JSON for code --add-mcp (adds the server to VS Code)</translation>
    </message>
    <message>
        <source>A cursor:// link: opening it asks Cursor to install the server</source>
        <translation>A cursor:// link: opening it asks Cursor to install the server</translation>
    </message>
    <message>
        <source>Revoke the selected agent&apos;s token and end its sessions</source>
        <translation>Revoke the selected agent&apos;s token and end its sessions</translation>
    </message>
    <message>
        <source>revoked %1</source>
        <translation>revoked %1</translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>%1 played · %2 won · %3 lost</source>
        <translation>%1 played · %2 won · %3 lost</translation>
    </message>
    <message>
        <source>Token of %1. It is shown only now and stored hashed: copy it, or copy a configuration below while this window is open.</source>
        <translation>Token of %1. It is shown only now and stored hashed: copy it, or copy a configuration below while this window is open.</translation>
    </message>
    <message>
        <source>Select an agent to copy its client configurations.</source>
        <translation>Select an agent to copy its client configurations.</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>playing</translation>
    </message>
    <message>
        <source>won</source>
        <translation>won</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>lost</translation>
    </message>
    <message>
        <source>%1, eliminated</source>
        <translation>%1, eliminated</translation>
    </message>
    <message>
        <source>Game #%1</source>
        <translation>Game #%1</translation>
    </message>
    <message>
        <source>%1 is revoked: its token no longer works.</source>
        <translation>%1 is revoked: its token no longer works.</translation>
    </message>
    <message>
        <source>These configurations hold %1&apos;s token: keep them private.</source>
        <translation>These configurations hold %1&apos;s token: keep them private.</translation>
    </message>
    <message>
        <source>The token is stored hashed and cannot be shown again: replace &lt;TOKEN&gt; in the copied text with %1&apos;s token.</source>
        <translation>The token is stored hashed and cannot be shown again: replace &lt;TOKEN&gt; in the copied text with %1&apos;s token.</translation>
    </message>
    <message>
        <source>Revoke %1?</source>
        <translation>Revoke %1?</translation>
    </message>
    <message>
        <source>%1&apos;s token stops working at once and its sessions end. This cannot be undone; register the agent again for a new token.</source>
        <translation>%1&apos;s token stops working at once and its sessions end. This cannot be undone; register the agent again for a new token.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::BroadcastWindow</name>
    <message>
        <source>Now speaking</source>
        <translation>Now speaking</translation>
    </message>
    <message>
        <source>Town Hall — Broadcast</source>
        <translation>Town Hall — Broadcast</translation>
    </message>
    <message>
        <source>Broadcast window</source>
        <translation>Broadcast window</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Players</translation>
    </message>
    <message>
        <source>Last line</source>
        <translation>Last line</translation>
    </message>
    <message>
        <source>The vote</source>
        <translation>The vote</translation>
    </message>
    <message>
        <source>Key moments</source>
        <translation>Key moments</translation>
    </message>
    <message numerus="yes">
        <source>%n s delay</source>
        <translation>
            <numerusform>%n s delay</numerusform>
            <numerusform>%n s delay</numerusform>
        </translation>
    </message>
    <message>
        <source>Last word</source>
        <translation>Last word</translation>
    </message>
    <message>
        <source>Frameless window</source>
        <translation>Frameless window</translation>
    </message>
    <message>
        <source>Delay:</source>
        <translation>Delay:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Delay in seconds</source>
        <translation>Delay in seconds</translation>
    </message>
    <message>
        <source>Follow the action</source>
        <translation>Follow the action</translation>
    </message>
    <message>
        <source>Lock on match %1</source>
        <translation>Lock on match %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>Town Hall</source>
        <translation>Town Hall</translation>
    </message>
    <message>
        <source>Werewolf, played by AI agents</source>
        <translation>Werewolf, played by AI agents</translation>
    </message>
    <message>
        <source>Between matches</source>
        <translation>Between matches</translation>
    </message>
    <message>
        <source>The next match starts soon</source>
        <translation>The next match starts soon</translation>
    </message>
    <message>
        <source>Back in a moment</source>
        <translation>Back in a moment</translation>
    </message>
</context>
<context>
    <name>townhall::ui::CrierVoice</name>
    <message>
        <source>The speech engine %1 offers no voice.</source>
        <translation>The speech engine %1 offers no voice.</translation>
    </message>
    <message>
        <source>No voice for this language (%1); speaking with %2 of %3.</source>
        <translation>No voice for this language (%1); speaking with %2 of %3.</translation>
    </message>
    <message>
        <source>Speaking with the voice %1 of %2.</source>
        <translation>Speaking with the voice %1 of %2.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No audio output was found on this computer (no sound card or sound server): the Town Crier cannot be heard here.</source>
        <translation>No audio output was found on this computer (no sound card or sound server): the Town Crier cannot be heard here.</translation>
    </message>
    <message>
        <source>Hear ye, hear ye! This is the Town Crier of Town Hall.</source>
        <translation>Hear ye, hear ye! This is the Town Crier of Town Hall.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::DevFeed</name>
    <message>
        <source>demo feed</source>
        <translation>demo feed</translation>
    </message>
</context>
<context>
    <name>townhall::ui::FeedClient</name>
    <message>
        <source>the request was refused</source>
        <translation>the request was refused</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Not connected</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Connecting to %1…</translation>
    </message>
    <message>
        <source>Connected to %1 (%2 s delay)</source>
        <translation>Connected to %1 (%2 s delay)</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>Connected to %1</translation>
    </message>
    <message>
        <source>Dropped by the host, reconnecting…</source>
        <translation>Dropped by the host, reconnecting…</translation>
    </message>
    <message>
        <source>Connection lost, reconnecting…</source>
        <translation>Connection lost, reconnecting…</translation>
    </message>
    <message>
        <source>Host %1 unreachable, retrying…</source>
        <translation>Host %1 unreachable, retrying…</translation>
    </message>
    <message>
        <source>The host refused the feed: %1</source>
        <translation>The host refused the feed: %1</translation>
    </message>
    <message>
        <source>Enter the address of a Town Hall host, e.g. ws://127.0.0.1:8787/spectate.</source>
        <translation>Enter the address of a Town Hall host, e.g. ws://127.0.0.1:8787/spectate.</translation>
    </message>
    <message>
        <source>The address must start with ws:// or wss://.</source>
        <translation>The address must start with ws:// or wss://.</translation>
    </message>
    <message>
        <source>“%1” is not a valid address.</source>
        <translation>“%1” is not a valid address.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::InspectorDock</name>
    <message>
        <source>Tool-call inspector</source>
        <translation>Tool-call inspector</translation>
    </message>
    <message>
        <source>Recorded calls</source>
        <translation>Recorded calls</translation>
    </message>
    <message>
        <source>All agents</source>
        <translation>All agents</translation>
    </message>
    <message>
        <source>Filter by agent</source>
        <translation>Filter by agent</translation>
    </message>
    <message>
        <source>All matches</source>
        <translation>All matches</translation>
    </message>
    <message>
        <source>Filter by match</source>
        <translation>Filter by match</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>All tools</translation>
    </message>
    <message>
        <source>Filter by tool</source>
        <translation>Filter by tool</translation>
    </message>
    <message>
        <source>Filter by status</source>
        <translation>Filter by status</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Any status</translation>
    </message>
    <message>
        <source>Search calls…</source>
        <translation>Search calls…</translation>
    </message>
    <message>
        <source>Search the calls&apos; agents, tools, errors and JSON</source>
        <translation>Search the calls&apos; agents, tools, errors and JSON</translation>
    </message>
    <message>
        <source>Select a call to see its request, response and context.</source>
        <translation>Select a call to see its request, response and context.</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Match</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Method</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>HTTP status</source>
        <translation>HTTP status</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latency</translation>
    </message>
    <message>
        <source>Schema check</source>
        <translation>Schema check</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Event</translation>
    </message>
    <message>
        <source>Show in transcript</source>
        <translation>Show in transcript</translation>
    </message>
    <message>
        <source>Select the match and the event this call is about</source>
        <translation>Select the match and the event this call is about</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Overview</translation>
    </message>
    <message>
        <source>Request JSON</source>
        <translation>Request JSON</translation>
    </message>
    <message>
        <source>Response JSON</source>
        <translation>Response JSON</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Request</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>Response</translation>
    </message>
    <message>
        <source>State the agent could read (get_state)</source>
        <translation>State the agent could read (get_state)</translation>
    </message>
    <message>
        <source>Phase brief the agent was given</source>
        <translation>Phase brief the agent was given</translation>
    </message>
    <message>
        <source>Agent&apos;s view</source>
        <translation>Agent&apos;s view</translation>
    </message>
    <message>
        <source>Repeats this call against this host with curl (bash). A call needs an MCP session, so the script first sends initialize, keeps the Mcp-Session-Id the host returns, confirms with notifications/initialized, then sends the recorded request in that session. It acts as the agent whose token is in $TOWNHALL_TOKEN (a guest without one). An action repeated later may be refused (another phase, already acted); with its idempotencyKey it returns the stored result.</source>
        <translation>Repeats this call against this host with curl (bash). A call needs an MCP session, so the script first sends initialize, keeps the Mcp-Session-Id the host returns, confirms with notifications/initialized, then sends the recorded request in that session. It acts as the agent whose token is in $TOWNHALL_TOKEN (a guest without one). An action repeated later may be refused (another phase, already acted); with its idempotencyKey it returns the stored result.</translation>
    </message>
    <message>
        <source>curl command</source>
        <translation>curl command</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <source>Copy the curl command</source>
        <translation>Copy the curl command</translation>
    </message>
    <message>
        <source>curl</source>
        <translation>curl</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 of %2 calls</source>
        <translation>%1 of %2 calls</translation>
    </message>
    <message>
        <source>#%1  %2 — %3</source>
        <translation>#%1  %2 — %3</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>tool error %1</source>
        <translation>tool error %1</translation>
    </message>
    <message>
        <source>JSON-RPC error %1</source>
        <translation>JSON-RPC error %1</translation>
    </message>
    <message>
        <source>none (in-process)</source>
        <translation>none (in-process)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>not checked (not a tool call)</source>
        <translation>not checked (not a tool call)</translation>
    </message>
    <message>
        <source>%1 (%2), produced by this call</source>
        <translation>%1 (%2), produced by this call</translation>
    </message>
    <message>
        <source>%1 (%2), the last event before the answer</source>
        <translation>%1 (%2), the last event before the answer</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>none yet</translation>
    </message>
    <message>
        <source>// result.content[0].text, decoded:</source>
        <translation>// result.content[0].text, decoded:</translation>
    </message>
    <message>
        <source>%1 does not play in %2, so there is no agent&apos;s-eye view.</source>
        <translation>%1 does not play in %2, so there is no agent&apos;s-eye view.</translation>
    </message>
    <message>
        <source>This call names no match the window knows, so there is no agent&apos;s-eye view.</source>
        <translation>This call names no match the window knows, so there is no agent&apos;s-eye view.</translation>
    </message>
    <message>
        <source>No agent&apos;s-eye view for this call.</source>
        <translation>No agent&apos;s-eye view for this call.</translation>
    </message>
    <message>
        <source>No agent&apos;s-eye view: %1</source>
        <translation>No agent&apos;s-eye view: %1</translation>
    </message>
    <message>
        <source>What %1 (%2) could see after event %3 (%4): the state get_state returned%5 and the phase brief of that moment.</source>
        <translation>What %1 (%2) could see after event %3 (%4): the state get_state returned%5 and the phase brief of that moment.</translation>
    </message>
    <message>
        <source>What %1 (%2) could see when it made this call, after event %3 (%4): the state get_state returned%5 and the phase brief of that moment.</source>
        <translation>What %1 (%2) could see when it made this call, after event %3 (%4): the state get_state returned%5 and the phase brief of that moment.</translation>
    </message>
    <message>
        <source> with recent public messages</source>
        <translation> with recent public messages</translation>
    </message>
    <message>
        <source>The model seat&apos;s model and its private notes</source>
        <translation>The model seat&apos;s model and its private notes</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>%1 is not a model seat of this match: no model played this call.</source>
        <translation>%1 is not a model seat of this match: no model played this call.</translation>
    </message>
    <message>
        <source>%1 is played by %2 (provider %3).</source>
        <translation>%1 is played by %2 (provider %3).</translation>
    </message>
    <message numerus="yes">
        <source>So far: %n model call(s), tokens in %1, out %2%3; latency p50 %4 ms, p95 %5 ms; %6 stand-in turn(s)%7.</source>
        <translation>
            <numerusform>So far: %n model call, tokens in %1, out %2%3; latency p50 %4 ms, p95 %5 ms; %6 stand-in turn(s)%7.</numerusform>
            <numerusform>So far: %n model calls, tokens in %1, out %2%3; latency p50 %4 ms, p95 %5 ms; %6 stand-in turn(s)%7.</numerusform>
        </translation>
    </message>
    <message>
        <source>, cost %1</source>
        <translation>, cost %1</translation>
    </message>
    <message>
        <source>; the built-in bot has taken the seat</source>
        <translation>; the built-in bot has taken the seat</translation>
    </message>
    <message>
        <source>thought</source>
        <translation>thought</translation>
    </message>
    <message>
        <source>stand-in</source>
        <translation>stand-in</translation>
    </message>
    <message>
        <source>hand-over</source>
        <translation>hand-over</translation>
    </message>
    <message>
        <source>[%1 · day %2 · %3] %4: %5</source>
        <translation>[%1 · day %2 · %3] %4: %5</translation>
    </message>
    <message>
        <source>No notes before this call.</source>
        <translation>No notes before this call.</translation>
    </message>
    <message>
        <source>Hidden calls</source>
        <translation>Hidden calls</translation>
    </message>
    <message>
        <source>The calls of %1 are hidden: you play a seat there, and they hold night actions, what other seats saw and the models&apos; thoughts.</source>
        <translation>The calls of %1 are hidden: you play a seat there, and they hold night actions, what other seats saw and the models&apos; thoughts.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::InviteDialog</name>
    <message>
        <source>Invite players</source>
        <translation>Invite players</translation>
    </message>
    <message>
        <source>Seats offered</source>
        <translation>Seats offered</translation>
    </message>
    <message>
        <source>No seat offered yet.</source>
        <translation>No seat offered yet.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>The players&apos; pages</source>
        <translation>The players&apos; pages</translation>
    </message>
    <message>
        <source>People on this network play their seats in a web page, on a phone or a laptop. This address serves those pages and nothing else: no MCP, no spectator feed, no omniscient view. Each seat&apos;s link is its key.</source>
        <translation>People on this network play their seats in a web page, on a phone or a laptop. This address serves those pages and nothing else: no MCP, no spectator feed, no omniscient view. Each seat&apos;s link is its key.</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Address:</translation>
    </message>
    <message>
        <source>Address of the players&apos; pages</source>
        <translation>Address of the players&apos; pages</translation>
    </message>
    <message>
        <source>This machine&apos;s address on the local network; 0.0.0.0 listens on every network</source>
        <translation>This machine&apos;s address on the local network; 0.0.0.0 listens on every network</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>Port of the players&apos; pages</source>
        <translation>Port of the players&apos; pages</translation>
    </message>
    <message>
        <source>0, or a port in use: any free port</source>
        <translation>0, or a port in use: any free port</translation>
    </message>
    <message>
        <source>Start &amp;listening</source>
        <translation>Start &amp;listening</translation>
    </message>
    <message>
        <source>Start serving the players&apos; pages</source>
        <translation>Start serving the players&apos; pages</translation>
    </message>
    <message>
        <source>State of the players&apos; pages</source>
        <translation>State of the players&apos; pages</translation>
    </message>
    <message>
        <source>Add seats to the next match</source>
        <translation>Add seats to the next match</translation>
    </message>
    <message>
        <source>&amp;Seats:</source>
        <translation>&amp;Seats:</translation>
    </message>
    <message>
        <source>Number of seats to add</source>
        <translation>Number of seats to add</translation>
    </message>
    <message>
        <source>A&amp;dd seats</source>
        <translation>A&amp;dd seats</translation>
    </message>
    <message>
        <source>Add the seats to the next match</source>
        <translation>Add the seats to the next match</translation>
    </message>
    <message>
        <source>They join the queue of the next match, as bots do</source>
        <translation>They join the queue of the next match, as bots do</translation>
    </message>
    <message>
        <source>Name of new seat %1</source>
        <translation>Name of new seat %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Person %1</source>
        <translation>Person %1</translation>
    </message>
    <message>
        <source>Listening on %1:%2. Only the players&apos; pages are served there.</source>
        <translation>Listening on %1:%2. Only the players&apos; pages are served there.</translation>
    </message>
    <message>
        <source>Not listening: %1</source>
        <translation>Not listening: %1</translation>
    </message>
    <message>
        <source>Not listening. Start listening, then add seats.</source>
        <translation>Not listening. Start listening, then add seats.</translation>
    </message>
    <message>
        <source>Revoked: the link opens nothing any more; the stand-in plays the seat.</source>
        <translation>Revoked: the link opens nothing any more; the stand-in plays the seat.</translation>
    </message>
    <message>
        <source>waiting for the next match</source>
        <translation>waiting for the next match</translation>
    </message>
    <message>
        <source>in %1 as seat %2</source>
        <translation>in %1 as seat %2</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>connected</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>not connected</translation>
    </message>
    <message>
        <source>the stand-in plays</source>
        <translation>the stand-in plays</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Revoke</translation>
    </message>
    <message>
        <source>The link stops working at once and the built-in stand-in plays the seat</source>
        <translation>The link stops working at once and the built-in stand-in plays the seat</translation>
    </message>
    <message>
        <source>Status of %1&apos;s seat</source>
        <translation>Status of %1&apos;s seat</translation>
    </message>
    <message>
        <source>join: %1</source>
        <translation>join: %1</translation>
    </message>
    <message>
        <source>No link until the players&apos; pages are served.</source>
        <translation>No link until the players&apos; pages are served.</translation>
    </message>
    <message>
        <source>Join link of %1&apos;s seat</source>
        <translation>Join link of %1&apos;s seat</translation>
    </message>
    <message>
        <source>Copy %1&apos;s join link</source>
        <translation>Copy %1&apos;s join link</translation>
    </message>
    <message>
        <source>Copy the join link to the clipboard</source>
        <translation>Copy the join link to the clipboard</translation>
    </message>
    <message>
        <source>Revoke %1&apos;s join link</source>
        <translation>Revoke %1&apos;s join link</translation>
    </message>
    <message>
        <source>QR code of %1&apos;s join link</source>
        <translation>QR code of %1&apos;s join link</translation>
    </message>
</context>
<context>
    <name>townhall::ui::KeyMoment</name>
    <message>
        <source>{accuser} accuses {target}.</source>
        <comment>moment.accusation</comment>
        <translation>{accuser} accuses {target}.</translation>
    </message>
    <message>
        <source>{accuser} keeps pointing at {target} ({count} times).</source>
        <comment>moment.accusation.repeated</comment>
        <translation>{accuser} keeps pointing at {target} ({count} times).</translation>
    </message>
    <message>
        <source>{target} is under fire: {count} accusations from {accuserCount} players ({accusers}).</source>
        <comment>moment.accusation.many</comment>
        <translation>{target} is under fire: {count} accusations from {accuserCount} players ({accusers}).</translation>
    </message>
    <message>
        <source>{name} claims to be the seer.</source>
        <comment>moment.seerclaim</comment>
        <translation>{name} claims to be the seer.</translation>
    </message>
    <message>
        <source>{name} counterclaims seer: {rival} claimed it first.</source>
        <comment>moment.counterclaim</comment>
        <translation>{name} counterclaims seer: {rival} claimed it first.</translation>
    </message>
    <message>
        <source>{name} vouched for {target}, then voted for them the same day.</source>
        <comment>moment.contradiction.vouchvote</comment>
        <translation>{name} vouched for {target}, then voted for them the same day.</translation>
    </message>
    <message>
        <source>{name} claimed to be the seer, but was revealed as {role|a}.</source>
        <comment>moment.contradiction.claim</comment>
        <translation>{name} claimed to be the seer, but was revealed as {role|a}.</translation>
    </message>
    <message>
        <source>{name} claimed to be the seer, but {seer} was revealed as the real seer.</source>
        <comment>moment.contradiction.seerrevealed</comment>
        <translation>{name} claimed to be the seer, but {seer} was revealed as the real seer.</translation>
    </message>
    <message>
        <source>{name} vouched for {target}, who was revealed as a werewolf.</source>
        <comment>moment.contradiction.vouchedwolf</comment>
        <translation>{name} vouched for {target}, who was revealed as a werewolf.</translation>
    </message>
    <message>
        <source>{name} named {target} a werewolf as the seer, but {target} was {role|a}.</source>
        <comment>moment.contradiction.seerresult</comment>
        <translation>{name} named {target} a werewolf as the seer, but {target} was {role|a}.</translation>
    </message>
    <message>
        <source>{name} changed their vote from {from} to {to}.</source>
        <comment>moment.voteflip</comment>
        <translation>{name} changed their vote from {from} to {to}.</translation>
    </message>
    <message>
        <source>{name} withdrew their vote for {from}.</source>
        <comment>moment.voteflip.toabstain</comment>
        <translation>{name} withdrew their vote for {from}.</translation>
    </message>
    <message>
        <source>{name} stopped abstaining and voted for {to}.</source>
        <comment>moment.voteflip.fromabstain</comment>
        <translation>{name} stopped abstaining and voted for {to}.</translation>
    </message>
    <message>
        <source>The doctor saved the wolves&apos; victim on night {night}: nobody died.</source>
        <comment>moment.doctorsave</comment>
        <translation>The doctor saved the wolves&apos; victim on night {night}: nobody died.</translation>
    </message>
    <message>
        <source>{doctor}, the doctor, saved {saved} from the wolves on night {night}.</source>
        <comment>moment.doctorsave.revealed</comment>
        <translation>{doctor}, the doctor, saved {saved} from the wolves on night {night}.</translation>
    </message>
    <message>
        <source>{name}, a werewolf, voted for fellow wolf {target}.</source>
        <comment>moment.wolfonwolf.vote</comment>
        <translation>{name}, a werewolf, voted for fellow wolf {target}.</translation>
    </message>
    <message>
        <source>{name}, a werewolf, accused fellow wolf {target}.</source>
        <comment>moment.wolfonwolf.accuse</comment>
        <translation>{name}, a werewolf, accused fellow wolf {target}.</translation>
    </message>
    <message>
        <source>{name} claims to be the seer but is {role|a}.</source>
        <comment>moment.fakeclaim</comment>
        <translation>{name} claims to be the seer but is {role|a}.</translation>
    </message>
    <message>
        <source>{hunter}, the hunter, shot {target}: a werewolf!</source>
        <comment>moment.hunter.wolf</comment>
        <translation>{hunter}, the hunter, shot {target}: a werewolf!</translation>
    </message>
    <message>
        <source>{hunter}, the hunter, shot {target}, who was {role|a}.</source>
        <comment>moment.hunter.other</comment>
        <translation>{hunter}, the hunter, shot {target}, who was {role|a}.</translation>
    </message>
    <message>
        <source>{hunter}, the hunter, shot {target}.</source>
        <comment>moment.hunter.hidden</comment>
        <translation>{hunter}, the hunter, shot {target}.</translation>
    </message>
    <message>
        <source>{witch}, the witch, saved {saved} from the wolves on night {night}.</source>
        <comment>moment.witch.save</comment>
        <translation>{witch}, the witch, saved {saved} from the wolves on night {night}.</translation>
    </message>
    <message>
        <source>{witch}, the witch, poisoned {target} on night {night}.</source>
        <comment>moment.witch.poison</comment>
        <translation>{witch}, the witch, poisoned {target} on night {night}.</translation>
    </message>
    <message>
        <source>The PK between {names} tied again: nobody left on day {day}.</source>
        <comment>moment.pk.tie</comment>
        <translation>The PK between {names} tied again: nobody left on day {day}.</translation>
    </message>
    <message>
        <source>{name} lost the PK against {rivals} and was {role|a}.</source>
        <comment>moment.pk.out</comment>
        <translation>{name} lost the PK against {rivals} and was {role|a}.</translation>
    </message>
    <message>
        <source>{name} lost the PK against {rivals}.</source>
        <comment>moment.pk.out.hidden</comment>
        <translation>{name} lost the PK against {rivals}.</translation>
    </message>
    <message>
        <source>{count} players died on night {night}: {names}.</source>
        <comment>moment.night.deaths</comment>
        <translation>{count} players died on night {night}: {names}.</translation>
    </message>
    <message>
        <source>The match reached its day limit on day {day}: a draw.</source>
        <comment>moment.draw</comment>
        <translation>The match reached its day limit on day {day}: a draw.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::KeyMomentsModel</name>
    <message>
        <source>%1, day %2: %3</source>
        <translation>%1, day %2: %3</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Moment</source>
        <translation>Moment</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>Day</translation>
    </message>
    <message>
        <source>SPOILER</source>
        <translation>SPOILER</translation>
    </message>
    <message>
        <source>Day %1 · jump ›</source>
        <translation>Day %1 · jump ›</translation>
    </message>
    <message>
        <source>D%1</source>
        <translation>D%1</translation>
    </message>
    <message>
        <source>Day %1</source>
        <translation>Day %1</translation>
    </message>
</context>
<context>
    <name>townhall::ui::LeaderboardModel</name>
    <message>
        <source>Timeouts %1, illegal calls %2, no vote %3, self-votes %4, stand-in turns %5</source>
        <translation>Timeouts %1, illegal calls %2, no vote %3, self-votes %4, stand-in turns %5</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>OpenSkill rating μ with its 95% interval (μ ± 1.96σ)</source>
        <translation>OpenSkill rating μ with its 95% interval (μ ± 1.96σ)</translation>
    </message>
    <message>
        <source>Wins per game, with the Wilson 95% interval</source>
        <translation>Wins per game, with the Wilson 95% interval</translation>
    </message>
    <message>
        <source>Timeouts · illegal calls · no vote · self-votes · stand-in turns</source>
        <translation>Timeouts · illegal calls · no vote · self-votes · stand-in turns</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>Participant</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Rating</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Games</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>Win rate</translation>
    </message>
    <message>
        <source>IRP</source>
        <translation>IRP</translation>
    </message>
    <message>
        <source>VSS</source>
        <translation>VSS</translation>
    </message>
    <message>
        <source>KSR</source>
        <translation>KSR</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Errors</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latency</translation>
    </message>
    <message>
        <source>Identification precision: of its day votes on the village side, the share that named a werewolf</source>
        <translation>Identification precision: of its day votes on the village side, the share that named a werewolf</translation>
    </message>
    <message>
        <source>Voting success: of its day votes, the share that named the player the round eliminated</source>
        <translation>Voting success: of its day votes, the share that named the player the round eliminated</translation>
    </message>
    <message>
        <source>Kill survival rate: of its nights alive on the village side, the share it survived</source>
        <translation>Kill survival rate: of its nights alive on the village side, the share it survived</translation>
    </message>
    <message>
        <source>timeouts %1</source>
        <translation>timeouts %1</translation>
    </message>
    <message>
        <source>illegal %1</source>
        <translation>illegal %1</translation>
    </message>
    <message>
        <source>no vote %1</source>
        <translation>no vote %1</translation>
    </message>
    <message>
        <source>self-vote %1</source>
        <translation>self-vote %1</translation>
    </message>
    <message>
        <source>stand-in %1</source>
        <translation>stand-in %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
</context>
<context>
    <name>townhall::ui::LeaderboardPanel</name>
    <message>
        <source>person</source>
        <translation>person</translation>
    </message>
    <message>
        <source>spoiled: the host unlocked the omniscient view while a person played; left out of the ratings</source>
        <translation>spoiled: the host unlocked the omniscient view while a person played; left out of the ratings</translation>
    </message>
    <message numerus="yes">
        <source> · %n spoiled match(es) left out of the ratings</source>
        <translation>
            <numerusform> · %n spoiled match left out of the ratings</numerusform>
            <numerusform> · %n spoiled matches left out of the ratings</numerusform>
        </translation>
    </message>
    <message>
        <source>bot</source>
        <translation>bot</translation>
    </message>
    <message>
        <source>model</source>
        <translation>model</translation>
    </message>
    <message>
        <source>MCP agent</source>
        <translation>MCP agent</translation>
    </message>
    <message>
        <source>push agent</source>
        <translation>push agent</translation>
    </message>
    <message>
        <source>all roles</source>
        <translation>all roles</translation>
    </message>
    <message>
        <source>No tournament results yet. Start one from Tournament → New tournament…; its standings appear here as its matches finish.</source>
        <translation>No tournament results yet. Start one from Tournament → New tournament…; its standings appear here as its matches finish.</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation>Ratings</translation>
    </message>
    <message>
        <source>Win rate by role</source>
        <translation>Win rate by role</translation>
    </message>
    <message>
        <source>Cost against rating</source>
        <translation>Cost against rating</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>Standings</translation>
    </message>
    <message>
        <source>Roles</source>
        <translation>Roles</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Matches</translation>
    </message>
    <message>
        <source>%1 of %2 matches (%3 running)</source>
        <translation>%1 of %2 matches (%3 running)</translation>
    </message>
    <message>
        <source>%1 of %2 matches</source>
        <translation>%1 of %2 matches</translation>
    </message>
    <message>
        <source>%1 — rules %2 · %3 counted, %4 voided, %5 forfeited · village %6, werewolves %7, draws %8</source>
        <translation>%1 — rules %2 · %3 counted, %4 voided, %5 forfeited · village %6, werewolves %7, draws %8</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Rating</translation>
    </message>
    <message>
        <source>rating μ</source>
        <translation>rating μ</translation>
    </message>
    <message>
        <source>win rate (%)</source>
        <translation>win rate (%)</translation>
    </message>
    <message>
        <source>cost per turn (USD)</source>
        <translation>cost per turn (USD)</translation>
    </message>
    <message>
        <source>tokens per game</source>
        <translation>tokens per game</translation>
    </message>
    <message>
        <source>%1 — playing on %2</source>
        <translation>%1 — playing on %2</translation>
    </message>
    <message>
        <source>Host %1 is playing this match now. Watch it live with Match → Watch a host… on that host&apos;s spectator address; it can be replayed here once it has ended.</source>
        <translation>Host %1 is playing this match now. Watch it live with Match → Watch a host… on that host&apos;s spectator address; it can be replayed here once it has ended.</translation>
    </message>
    <message>
        <source>&amp;Tournament:</source>
        <translation>&amp;Tournament:</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>Tournament</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <source>Read the tournaments of the database again (one running from the command line grows as its matches end)</source>
        <translation>Read the tournaments of the database again (one running from the command line grows as its matches end)</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>finished</translation>
    </message>
    <message>
        <source>%1 of %2 played</source>
        <translation>%1 of %2 played</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>match %1</source>
        <translation>match %1</translation>
    </message>
    <message>
        <source>%1 won</source>
        <translation>%1 won</translation>
    </message>
    <message>
        <source>a draw</source>
        <translation>a draw</translation>
    </message>
    <message>
        <source>voided</source>
        <translation>voided</translation>
    </message>
    <message>
        <source>forfeited</source>
        <translation>forfeited</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>failed: %1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>townhall::ui::MainWindow</name>
    <message>
        <source>Town Hall</source>
        <translation>Town Hall</translation>
    </message>
    <message>
        <source>Agents waiting in the queue</source>
        <translation>Agents waiting in the queue</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>waiting for the host</source>
        <translation>waiting for the host</translation>
    </message>
    <message>
        <source>&amp;Omniscient view</source>
        <translation>&amp;Omniscient view</translation>
    </message>
    <message>
        <source>Show every role, the night actions, wolf chat and seer results — spoilers! (Ctrl+Shift+O). Changes only this window.</source>
        <translation>Show every role, the night actions, wolf chat and seer results — spoilers! (Ctrl+Shift+O). Changes only this window.</translation>
    </message>
    <message>
        <source>&amp;Demo match</source>
        <translation>&amp;Demo match</translation>
    </message>
    <message>
        <source>Start a match of eight built-in bots (Ctrl+N)</source>
        <translation>Start a match of eight built-in bots (Ctrl+N)</translation>
    </message>
    <message>
        <source>&amp;Fill seats with bots</source>
        <translation>&amp;Fill seats with bots</translation>
    </message>
    <message>
        <source>Queue built-in bots to fill the next table (Ctrl+B)</source>
        <translation>Queue built-in bots to fill the next table (Ctrl+B)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Pause or resume the selected match&apos;s clock (Ctrl+P)</source>
        <translation>Pause or resume the selected match&apos;s clock (Ctrl+P)</translation>
    </message>
    <message>
        <source>&amp;Skip phase</source>
        <translation>&amp;Skip phase</translation>
    </message>
    <message>
        <source>End the selected match&apos;s current phase now (Ctrl+Right)</source>
        <translation>End the selected match&apos;s current phase now (Ctrl+Right)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Settings…</translation>
    </message>
    <message>
        <source>&amp;About Town Hall</source>
        <translation>&amp;About Town Hall</translation>
    </message>
    <message>
        <source>&amp;Fit the town</source>
        <translation>&amp;Fit the town</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>Controls</translation>
    </message>
    <message>
        <source>Omniscient view</source>
        <translation>Omniscient view</translation>
    </message>
    <message>
        <source>Number of bots</source>
        <translation>Number of bots</translation>
    </message>
    <message>
        <source>How many built-in bots to seat</source>
        <translation>How many built-in bots to seat</translation>
    </message>
    <message>
        <source> Speed </source>
        <translation> Speed </translation>
    </message>
    <message>
        <source>Speed factor</source>
        <translation>Speed factor</translation>
    </message>
    <message>
        <source>Timer speed for the host&apos;s matches</source>
        <translation>Timer speed for the host&apos;s matches</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>MCP </source>
        <translation>MCP </translation>
    </message>
    <message>
        <source>MCP server URL</source>
        <translation>MCP server URL</translation>
    </message>
    <message>
        <source>Point your agents&apos; MCP client here</source>
        <translation>Point your agents&apos; MCP client here</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <source>Copy the MCP URL</source>
        <translation>Copy the MCP URL</translation>
    </message>
    <message>
        <source>Copy the MCP URL to the clipboard</source>
        <translation>Copy the MCP URL to the clipboard</translation>
    </message>
    <message>
        <source>&amp;Town Hall</source>
        <translation>&amp;Town Hall</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Match</source>
        <translation>&amp;Match</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>Copied %1</translation>
    </message>
    <message>
        <source>Matches: %1 running, %2 in total</source>
        <translation>Matches: %1 running, %2 in total</translation>
    </message>
    <message>
        <source>QUEUE — nobody waiting</source>
        <translation>QUEUE — nobody waiting</translation>
    </message>
    <message>
        <source>QUEUE — waiting: %1</source>
        <translation>QUEUE — waiting: %1</translation>
    </message>
    <message>
        <source>MCP server: %1</source>
        <translation>MCP server: %1</translation>
    </message>
    <message>
        <source>MCP server %1 — %2</source>
        <translation>MCP server %1 — %2</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>Town Hall — a problem</source>
        <translation>Town Hall — a problem</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Resume</translation>
    </message>
    <message>
        <source>Werewolf Game #%1 — Town Hall</source>
        <translation>Werewolf Game #%1 — Town Hall</translation>
    </message>
    <message>
        <source>[omniscient]</source>
        <translation>[omniscient]</translation>
    </message>
    <message>
        <source>Settings saved. The port, guest agents, data directory and language apply at the next start.</source>
        <translation>Settings saved. The port, guest agents, data directory and language apply at the next start.</translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation>Settings saved.</translation>
    </message>
    <message>
        <source>About Town Hall</source>
        <translation>About Town Hall</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Town Hall&lt;/h3&gt;&lt;p&gt;Werewolf matches for LLM agents, hosted over MCP on this computer and shown live.&lt;/p&gt;&lt;p&gt;The public view shows only what is public. The omniscient view is for this window only; it changes nothing in play.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Town Hall&lt;/h3&gt;&lt;p&gt;Werewolf matches for LLM agents, hosted over MCP on this computer and shown live.&lt;/p&gt;&lt;p&gt;The public view shows only what is public. The omniscient view is for this window only; it changes nothing in play.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Break at each &amp;phase</source>
        <translation>Break at each &amp;phase</translation>
    </message>
    <message>
        <source>Pause the selected match as each new phase begins</source>
        <translation>Pause the selected match as each new phase begins</translation>
    </message>
    <message>
        <source>Break before &amp;vote resolution</source>
        <translation>Break before &amp;vote resolution</translation>
    </message>
    <message>
        <source>Pause the selected match right before its votes are counted, also when everyone voted early</source>
        <translation>Pause the selected match right before its votes are counted, also when everyone voted early</translation>
    </message>
    <message>
        <source>S&amp;tep one phase</source>
        <translation>S&amp;tep one phase</translation>
    </message>
    <message>
        <source>Play the selected match to the start of its next phase, then pause (Ctrl+.)</source>
        <translation>Play the selected match to the start of its next phase, then pause (Ctrl+.)</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agents</translation>
    </message>
    <message>
        <source>&amp;Agents</source>
        <translation>&amp;Agents</translation>
    </message>
    <message>
        <source>Register agents, see their sessions and matches, copy client configurations (Ctrl+Shift+A)</source>
        <translation>Register agents, see their sessions and matches, copy client configurations (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Tool-call &amp;inspector</source>
        <translation>Tool-call &amp;inspector</translation>
    </message>
    <message>
        <source>Every MCP call of every agent, night actions included (spoilers), with what each agent could see (Ctrl+Shift+I)</source>
        <translation>Every MCP call of every agent, night actions included (spoilers), with what each agent could see (Ctrl+Shift+I)</translation>
    </message>
    <message>
        <source>Copy &amp;chapters</source>
        <translation>Copy &amp;chapters</translation>
    </message>
    <message>
        <source>Copy the selected match&apos;s chapter marks for a video description (public events only)</source>
        <translation>Copy the selected match&apos;s chapter marks for a video description (public events only)</translation>
    </message>
    <message>
        <source>&amp;Broadcast window</source>
        <translation>&amp;Broadcast window</translation>
    </message>
    <message>
        <source>&amp;Watch a host…</source>
        <translation>&amp;Watch a host…</translation>
    </message>
    <message>
        <source>&amp;Invite players…</source>
        <translation>&amp;Invite players…</translation>
    </message>
    <message>
        <source>Offer seats to people on phones and laptops of the local network</source>
        <translation>Offer seats to people on phones and laptops of the local network</translation>
    </message>
    <message>
        <source>Select a match first.</source>
        <translation>Select a match first.</translation>
    </message>
    <message>
        <source>Chapters of %1 copied.</source>
        <translation>Chapters of %1 copied.</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>Leaderboard</translation>
    </message>
    <message>
        <source>&amp;Tournament</source>
        <translation>&amp;Tournament</translation>
    </message>
    <message>
        <source>&amp;New tournament…</source>
        <translation>&amp;New tournament…</translation>
    </message>
    <message>
        <source>&amp;Leaderboard</source>
        <translation>&amp;Leaderboard</translation>
    </message>
    <message>
        <source>Open &amp;shared tournament…</source>
        <translation>Open &amp;shared tournament…</translation>
    </message>
    <message>
        <source>Follow a tournament that headless hosts play in a shared PostgreSQL database</source>
        <translation>Follow a tournament that headless hosts play in a shared PostgreSQL database</translation>
    </message>
    <message>
        <source>Seat health</source>
        <translation>Seat health</translation>
    </message>
    <message>
        <source>Seat &amp;health</source>
        <translation>Seat &amp;health</translation>
    </message>
    <message>
        <source>Each seat&apos;s deadline, missed turns, latency and errors, and the model a model seat plays with (Ctrl+Shift+H)</source>
        <translation>Each seat&apos;s deadline, missed turns, latency and errors, and the model a model seat plays with (Ctrl+Shift+H)</translation>
    </message>
    <message>
        <source>Spoilers locked</source>
        <translation>Spoilers locked</translation>
    </message>
    <message>
        <source>&amp;Unlock anyway</source>
        <translation>&amp;Unlock anyway</translation>
    </message>
    <message>
        <source>Show the omniscient view, the inspector&apos;s calls and the models&apos; thoughts of the match you play in; it is marked spoiled (left out of ratings)</source>
        <translation>Show the omniscient view, the inspector&apos;s calls and the models&apos; thoughts of the match you play in; it is marked spoiled (left out of ratings)</translation>
    </message>
    <message>
        <source>Your seat</source>
        <translation>Your seat</translation>
    </message>
    <message>
        <source>&amp;Your seat</source>
        <translation>&amp;Your seat</translation>
    </message>
    <message>
        <source>The seat you play: your role, what you know and your moves (Ctrl+Shift+Y)</source>
        <translation>The seat you play: your role, what you know and your moves (Ctrl+Shift+Y)</translation>
    </message>
    <message>
        <source>Locked while you play in %1</source>
        <translation>Locked while you play in %1</translation>
    </message>
    <message>
        <source>Spoilers are locked: you play a seat in %1. The omniscient view, that match&apos;s calls in the inspector and the models&apos; thoughts stay hidden until it ends.</source>
        <translation>Spoilers are locked: you play a seat in %1. The omniscient view, that match&apos;s calls in the inspector and the models&apos; thoughts stay hidden until it ends.</translation>
    </message>
    <message>
        <source>Spoilers unlocked: %1 is marked spoiled.</source>
        <translation>Spoilers unlocked: %1 is marked spoiled.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::MatchBuildingItem</name>
    <message>
        <source>%1 is waiting for a table</source>
        <translation>%1 is waiting for a table</translation>
    </message>
    <message>
        <source>Werewolf Game #%1</source>
        <translation>Werewolf Game #%1</translation>
    </message>
    <message>
        <source>%1 alive</source>
        <translation>%1 alive</translation>
    </message>
    <message>
        <source>%1 win</source>
        <translation>%1 win</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Paused</translation>
    </message>
    <message>
        <source>Night %1</source>
        <translation>Night %1</translation>
    </message>
    <message>
        <source>Day %1 · %2</source>
        <translation>Day %1 · %2</translation>
    </message>
    <message>
        <source>%1 — %2, %3 of %4 alive. Click to watch.</source>
        <translation>%1 — %2, %3 of %4 alive. Click to watch.</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>Draw</translation>
    </message>
    <message>
        <source>Night %1 · %2</source>
        <translation>Night %1 · %2</translation>
    </message>
</context>
<context>
    <name>townhall::ui::Narrator</name>
    <message>
        <source>Werewolf Game #{matchNumber} is about to begin. {names} take their seats in the Town Hall.</source>
        <comment>lobby.open.1</comment>
        <translation>Werewolf Game #{matchNumber} is about to begin. {names} take their seats in the Town Hall.</translation>
    </message>
    <message>
        <source>Hear ye, hear ye! {count|word|cap} townsfolk gather for Werewolf Game #{matchNumber}: {names}.</source>
        <comment>lobby.open.2</comment>
        <translation>Hear ye, hear ye! {count|word|cap} townsfolk gather for Werewolf Game #{matchNumber}: {names}.</translation>
    </message>
    <message>
        <source>The Town Hall doors creak open for Game #{matchNumber}. Not everyone among {names} is what they seem.</source>
        <comment>lobby.open.3</comment>
        <translation>The Town Hall doors creak open for Game #{matchNumber}. Not everyone among {names} is what they seem.</translation>
    </message>
    <message>
        <source>Welcome to Werewolf Game #{matchNumber}! Tonight&apos;s guests: {names}. Ready up, and trust no one.</source>
        <comment>lobby.open.4</comment>
        <translation>Welcome to Werewolf Game #{matchNumber}! Tonight&apos;s guests: {names}. Ready up, and trust no one.</translation>
    </message>
    <message>
        <source>Night falls on the village for the first time. Somewhere in the dark, the werewolves wake.</source>
        <comment>night.first.1</comment>
        <translation>Night falls on the village for the first time. Somewhere in the dark, the werewolves wake.</translation>
    </message>
    <message>
        <source>The sun sets on Night {night}. Lock your doors: the wolves are hungry.</source>
        <comment>night.first.2</comment>
        <translation>The sun sets on Night {night}. Lock your doors: the wolves are hungry.</translation>
    </message>
    <message>
        <source>Darkness settles over the Town Hall. Night {night} begins, and not everyone is sleeping.</source>
        <comment>night.first.3</comment>
        <translation>Darkness settles over the Town Hall. Night {night} begins, and not everyone is sleeping.</translation>
    </message>
    <message>
        <source>Night {night} falls. The village sleeps uneasily.</source>
        <comment>night.falls.1</comment>
        <translation>Night {night} falls. The village sleeps uneasily.</translation>
    </message>
    <message>
        <source>The moon rises over Night {night}. Who will see the morning?</source>
        <comment>night.falls.2</comment>
        <translation>The moon rises over Night {night}. Who will see the morning?</translation>
    </message>
    <message>
        <source>Darkness returns: Night {night} begins. Somewhere, claws are being sharpened.</source>
        <comment>night.falls.3</comment>
        <translation>Darkness returns: Night {night} begins. Somewhere, claws are being sharpened.</translation>
    </message>
    <message>
        <source>Candles out. Night {night} has come, and the wolves are on the prowl.</source>
        <comment>night.falls.4</comment>
        <translation>Candles out. Night {night} has come, and the wolves are on the prowl.</translation>
    </message>
    <message>
        <source>Day {day} is over: {name} was cast out and revealed as {role|a}. {alive} players remain.</source>
        <comment>summary.day.out.1</comment>
        <translation>Day {day} is over: {name} was cast out and revealed as {role|a}. {alive} players remain.</translation>
    </message>
    <message>
        <source>So ends Day {day}. The village exiled {name} ({role}); {alive|word} survivors head home.</source>
        <comment>summary.day.out.2</comment>
        <translation>So ends Day {day}. The village exiled {name} ({role}); {alive|word} survivors head home.</translation>
    </message>
    <message>
        <source>Recap of Day {day}: out goes {name}, {role|a}. {alive|word|cap} players are left.</source>
        <comment>summary.day.out.3</comment>
        <translation>Recap of Day {day}: out goes {name}, {role|a}. {alive|word|cap} players are left.</translation>
    </message>
    <message>
        <source>Day {day} ends without an elimination. {alive} players remain.</source>
        <comment>summary.day.none.1</comment>
        <translation>Day {day} ends without an elimination. {alive} players remain.</translation>
    </message>
    <message>
        <source>The village could not agree on Day {day}. All {alive|word} survivors live to see the night.</source>
        <comment>summary.day.none.2</comment>
        <translation>The village could not agree on Day {day}. All {alive|word} survivors live to see the night.</translation>
    </message>
    <message>
        <source>Recap of Day {day}: nobody was cast out. {alive|word|cap} players are left.</source>
        <comment>summary.day.none.3</comment>
        <translation>Recap of Day {day}: nobody was cast out. {alive|word|cap} players are left.</translation>
    </message>
    <message>
        <source>Dawn breaks after Night {night}. The wolves struck, but someone was saved! Nobody died.</source>
        <comment>dawn.saved.1</comment>
        <translation>Dawn breaks after Night {night}. The wolves struck, but someone was saved! Nobody died.</translation>
    </message>
    <message>
        <source>A miracle at dawn: the wolves&apos; attack failed. The doctor&apos;s care kept everyone alive through Night {night}.</source>
        <comment>dawn.saved.2</comment>
        <translation>A miracle at dawn: the wolves&apos; attack failed. The doctor&apos;s care kept everyone alive through Night {night}.</translation>
    </message>
    <message>
        <source>Morning comes and every bed is warm. Night {night}&apos;s attack was thwarted by the doctor.</source>
        <comment>dawn.saved.3</comment>
        <translation>Morning comes and every bed is warm. Night {night}&apos;s attack was thwarted by the doctor.</translation>
    </message>
    <message>
        <source>Dawn breaks on a quiet night. Nobody died during Night {night}.</source>
        <comment>dawn.quiet.1</comment>
        <translation>Dawn breaks on a quiet night. Nobody died during Night {night}.</translation>
    </message>
    <message>
        <source>Night {night} passes without a death. The village exhales.</source>
        <comment>dawn.quiet.2</comment>
        <translation>Night {night} passes without a death. The village exhales.</translation>
    </message>
    <message>
        <source>Dawn breaks. {name} was found dead after Night {night}. They were {role|a}.</source>
        <comment>dawn.death.1</comment>
        <translation>Dawn breaks. {name} was found dead after Night {night}. They were {role|a}.</translation>
    </message>
    <message>
        <source>A scream at sunrise: the wolves took {name} in the night. {name} was {role|a}.</source>
        <comment>dawn.death.2</comment>
        <translation>A scream at sunrise: the wolves took {name} in the night. {name} was {role|a}.</translation>
    </message>
    <message>
        <source>The village wakes to grim news: {name} did not survive Night {night}. Revealed: {role|a}.</source>
        <comment>dawn.death.3</comment>
        <translation>The village wakes to grim news: {name} did not survive Night {night}. Revealed: {role|a}.</translation>
    </message>
    <message>
        <source>Morning light finds {name}&apos;s door broken. {name}, {role|a}, is gone.</source>
        <comment>dawn.death.4</comment>
        <translation>Morning light finds {name}&apos;s door broken. {name}, {role|a}, is gone.</translation>
    </message>
    <message>
        <source>Disaster at dawn: {name} is dead, and {name} was the seer. The village has lost its eyes.</source>
        <comment>dawn.death.seer.1</comment>
        <translation>Disaster at dawn: {name} is dead, and {name} was the seer. The village has lost its eyes.</translation>
    </message>
    <message>
        <source>The wolves found the seer. {name} did not survive Night {night}.</source>
        <comment>dawn.death.seer.2</comment>
        <translation>The wolves found the seer. {name} did not survive Night {night}.</translation>
    </message>
    <message>
        <source>Dawn brings a heavy loss: {name}, the doctor, was killed in Night {night}. No one is watching over the village now.</source>
        <comment>dawn.death.doctor.1</comment>
        <translation>Dawn brings a heavy loss: {name}, the doctor, was killed in Night {night}. No one is watching over the village now.</translation>
    </message>
    <message>
        <source>The wolves got to the healer first. {name} was the doctor.</source>
        <comment>dawn.death.doctor.2</comment>
        <translation>The wolves got to the healer first. {name} was the doctor.</translation>
    </message>
    <message>
        <source>Day {day} begins. {alive|word|cap} players remain: {names}.</source>
        <comment>day.begins.1</comment>
        <translation>Day {day} begins. {alive|word|cap} players remain: {names}.</translation>
    </message>
    <message>
        <source>The sun is up on Day {day}. Still standing: {names}.</source>
        <comment>day.begins.2</comment>
        <translation>The sun is up on Day {day}. Still standing: {names}.</translation>
    </message>
    <message>
        <source>Day {day}. {alive|word|cap} survivors gather in the Town Hall: {names}.</source>
        <comment>day.begins.3</comment>
        <translation>Day {day}. {alive|word|cap} survivors gather in the Town Hall: {names}.</translation>
    </message>
    <message>
        <source>{wolves|word|cap} werewolves still hide among the {alive|word} living.</source>
        <comment>hype.wolves.1</comment>
        <translation>{wolves|word|cap} werewolves still hide among the {alive|word} living.</translation>
    </message>
    <message>
        <source>Remember: {wolves|word} werewolves are still out there, and they are sitting at this table.</source>
        <comment>hype.wolves.2</comment>
        <translation>Remember: {wolves|word} werewolves are still out there, and they are sitting at this table.</translation>
    </message>
    <message>
        <source>One werewolf remains among the {alive|word} living. Find it, and the village is saved.</source>
        <comment>hype.lastwolf.1</comment>
        <translation>One werewolf remains among the {alive|word} living. Find it, and the village is saved.</translation>
    </message>
    <message>
        <source>Only one wolf left. One good vote could end this.</source>
        <comment>hype.lastwolf.2</comment>
        <translation>Only one wolf left. One good vote could end this.</translation>
    </message>
    <message>
        <source>Opening statements: each of the {count|word} players gets one turn. {name} speaks first.</source>
        <comment>day.opening.1</comment>
        <translation>Opening statements: each of the {count|word} players gets one turn. {name} speaks first.</translation>
    </message>
    <message>
        <source>Time for openings, one statement each. The floor goes to {name}.</source>
        <comment>day.opening.2</comment>
        <translation>Time for openings, one statement each. The floor goes to {name}.</translation>
    </message>
    <message>
        <source>Let the openings begin. {name}, you have the floor.</source>
        <comment>day.opening.3</comment>
        <translation>Let the openings begin. {name}, you have the floor.</translation>
    </message>
    <message>
        <source>Last opening statement of the day: {name}.</source>
        <comment>turn.last.1</comment>
        <translation>Last opening statement of the day: {name}.</translation>
    </message>
    <message>
        <source>And finally, {name} has the floor.</source>
        <comment>turn.last.2</comment>
        <translation>And finally, {name} has the floor.</translation>
    </message>
    <message>
        <source>The floor is open: {seconds} seconds of free debate.</source>
        <comment>day.discussion.1</comment>
        <translation>The floor is open: {seconds} seconds of free debate.</translation>
    </message>
    <message>
        <source>Discussion time! Accuse, defend, persuade: {seconds} seconds on the clock.</source>
        <comment>day.discussion.2</comment>
        <translation>Discussion time! Accuse, defend, persuade: {seconds} seconds on the clock.</translation>
    </message>
    <message>
        <source>Openings are done. Now the real arguments begin.</source>
        <comment>day.discussion.3</comment>
        <translation>Openings are done. Now the real arguments begin.</translation>
    </message>
    <message>
        <source>Voting is open! {seconds} seconds to choose who leaves the village.</source>
        <comment>day.vote.1</comment>
        <translation>Voting is open! {seconds} seconds to choose who leaves the village.</translation>
    </message>
    <message>
        <source>Talk is over. Cast your votes, and remember: a tie means nobody goes.</source>
        <comment>day.vote.2</comment>
        <translation>Talk is over. Cast your votes, and remember: a tie means nobody goes.</translation>
    </message>
    <message>
        <source>The ballot box opens. Who will the village cast out on Day {day}?</source>
        <comment>day.vote.3</comment>
        <translation>The ballot box opens. Who will the village cast out on Day {day}?</translation>
    </message>
    <message>
        <source>{voter} switches from {from} to {target}! {target} now has {count|votes}.</source>
        <comment>vote.flip.1</comment>
        <translation>{voter} switches from {from} to {target}! {target} now has {count|votes}.</translation>
    </message>
    <message>
        <source>A change of heart: {voter} moves their vote from {from} to {target}.</source>
        <comment>vote.flip.2</comment>
        <translation>A change of heart: {voter} moves their vote from {from} to {target}.</translation>
    </message>
    <message>
        <source>{voter} flips to {target}. The tally shifts.</source>
        <comment>vote.flip.3</comment>
        <translation>{voter} flips to {target}. The tally shifts.</translation>
    </message>
    <message>
        <source>{voter} stops abstaining and votes for {target}.</source>
        <comment>vote.flip.fromabstain.1</comment>
        <translation>{voter} stops abstaining and votes for {target}.</translation>
    </message>
    <message>
        <source>{voter} makes up their mind: a vote for {target}, now at {count|votes}.</source>
        <comment>vote.flip.fromabstain.2</comment>
        <translation>{voter} makes up their mind: a vote for {target}, now at {count|votes}.</translation>
    </message>
    <message>
        <source>{target} now has {count} of {alive} votes: a majority!</source>
        <comment>vote.majority.1</comment>
        <translation>{target} now has {count} of {alive} votes: a majority!</translation>
    </message>
    <message>
        <source>The votes pile up against {target}: {count} and counting.</source>
        <comment>vote.majority.2</comment>
        <translation>The votes pile up against {target}: {count} and counting.</translation>
    </message>
    <message>
        <source>{count|word|cap} votes on {target}. It is looking grim.</source>
        <comment>vote.majority.3</comment>
        <translation>{count|word|cap} votes on {target}. It is looking grim.</translation>
    </message>
    <message>
        <source>The village has spoken: {name} is cast out with {votes|votes}. {name} was {role|a}.</source>
        <comment>vote.out.1</comment>
        <translation>The village has spoken: {name} is cast out with {votes|votes}. {name} was {role|a}.</translation>
    </message>
    <message>
        <source>With {votes|votes}, {name} is eliminated… and revealed as {role|a}. An innocent falls.</source>
        <comment>vote.out.2</comment>
        <translation>With {votes|votes}, {name} is eliminated… and revealed as {role|a}. An innocent falls.</translation>
    </message>
    <message>
        <source>{name} leaves the Town Hall for good ({votes|votes}). The reveal: {role|a}.</source>
        <comment>vote.out.3</comment>
        <translation>{name} leaves the Town Hall for good ({votes|votes}). The reveal: {role|a}.</translation>
    </message>
    <message>
        <source>Got one! {name} is voted out with {votes|votes}, and was a werewolf!</source>
        <comment>vote.out.wolf.1</comment>
        <translation>Got one! {name} is voted out with {votes|votes}, and was a werewolf!</translation>
    </message>
    <message>
        <source>The village&apos;s aim is true: {name}, eliminated with {votes|votes}, was a werewolf.</source>
        <comment>vote.out.wolf.2</comment>
        <translation>The village&apos;s aim is true: {name}, eliminated with {votes|votes}, was a werewolf.</translation>
    </message>
    <message>
        <source>{votes|votes|cap} send {name} away. The mask slips: werewolf!</source>
        <comment>vote.out.wolf.3</comment>
        <translation>{votes|votes|cap} send {name} away. The mask slips: werewolf!</translation>
    </message>
    <message>
        <source>A tie! {names} have {count|votes} each. Nobody is eliminated today.</source>
        <comment>vote.tie.1</comment>
        <translation>A tie! {names} have {count|votes} each. Nobody is eliminated today.</translation>
    </message>
    <message>
        <source>Deadlock between {names}. Without a clear result, everyone survives the day.</source>
        <comment>vote.tie.2</comment>
        <translation>Deadlock between {names}. Without a clear result, everyone survives the day.</translation>
    </message>
    <message>
        <source>Not a single vote was cast. Day {day} ends without an elimination.</source>
        <comment>vote.none.1</comment>
        <translation>Not a single vote was cast. Day {day} ends without an elimination.</translation>
    </message>
    <message>
        <source>The village abstains. Everyone is spared today.</source>
        <comment>vote.none.2</comment>
        <translation>The village abstains. Everyone is spared today.</translation>
    </message>
    <message>
        <source>{name} may speak their last words.</source>
        <comment>lastwords.invite.1</comment>
        <translation>{name} may speak their last words.</translation>
    </message>
    <message>
        <source>Before leaving, {name} gets one final statement.</source>
        <comment>lastwords.invite.2</comment>
        <translation>Before leaving, {name} gets one final statement.</translation>
    </message>
    <message>
        <source>{name} has said their piece. The village will remember.</source>
        <comment>lastwords.said.1</comment>
        <translation>{name} has said their piece. The village will remember.</translation>
    </message>
    <message>
        <source>With those last words, {name} leaves the Town Hall.</source>
        <comment>lastwords.said.2</comment>
        <translation>With those last words, {name} leaves the Town Hall.</translation>
    </message>
    <message>
        <source>{name} claims to be the seer! Truth, or a desperate bluff?</source>
        <comment>claim.seer.1</comment>
        <translation>{name} claims to be the seer! Truth, or a desperate bluff?</translation>
    </message>
    <message>
        <source>Bold move: {name} says they are the seer.</source>
        <comment>claim.seer.2</comment>
        <translation>Bold move: {name} says they are the seer.</translation>
    </message>
    <message>
        <source>A seer claim from {name}! The village must decide whether to believe it.</source>
        <comment>claim.seer.3</comment>
        <translation>A seer claim from {name}! The village must decide whether to believe it.</translation>
    </message>
    <message>
        <source>The last werewolf is gone! The village wins on Day {days}.</source>
        <comment>game.over.villagers.1</comment>
        <translation>The last werewolf is gone! The village wins on Day {days}.</translation>
    </message>
    <message>
        <source>Victory for the village! {survivors|word|cap} survivors can finally sleep at night.</source>
        <comment>game.over.villagers.2</comment>
        <translation>Victory for the village! {survivors|word|cap} survivors can finally sleep at night.</translation>
    </message>
    <message>
        <source>It&apos;s over: every werewolf has been found. The villagers triumph.</source>
        <comment>game.over.villagers.3</comment>
        <translation>It&apos;s over: every werewolf has been found. The villagers triumph.</translation>
    </message>
    <message>
        <source>The werewolves now match the village in number. The werewolves win!</source>
        <comment>game.over.werewolves.1</comment>
        <translation>The werewolves now match the village in number. The werewolves win!</translation>
    </message>
    <message>
        <source>Too late for the village: the wolves have taken the Town Hall. The werewolves win.</source>
        <comment>game.over.werewolves.2</comment>
        <translation>Too late for the village: the wolves have taken the Town Hall. The werewolves win.</translation>
    </message>
    <message>
        <source>Howls fill the night. The werewolves win, with {survivors|word} players left standing.</source>
        <comment>game.over.werewolves.3</comment>
        <translation>Howls fill the night. The werewolves win, with {survivors|word} players left standing.</translation>
    </message>
    <message>
        <source>The masks come off: the werewolves were {wolves}. {seer} was the seer and {doctor} the doctor.</source>
        <comment>game.reveal.1</comment>
        <translation>The masks come off: the werewolves were {wolves}. {seer} was the seer and {doctor} the doctor.</translation>
    </message>
    <message>
        <source>All is revealed. Werewolves: {wolves}. Seer: {seer}. Doctor: {doctor}.</source>
        <comment>game.reveal.2</comment>
        <translation>All is revealed. Werewolves: {wolves}. Seer: {seer}. Doctor: {doctor}.</translation>
    </message>
    <message>
        <source>The masks come off: the werewolves were {wolves}.</source>
        <comment>game.reveal.wolves.1</comment>
        <translation>The masks come off: the werewolves were {wolves}.</translation>
    </message>
    <message>
        <source>The host has paused the match. Everyone freeze!</source>
        <comment>match.paused.1</comment>
        <translation>The host has paused the match. Everyone freeze!</translation>
    </message>
    <message>
        <source>A pause is called. The clock stops.</source>
        <comment>match.paused.2</comment>
        <translation>A pause is called. The clock stops.</translation>
    </message>
    <message>
        <source>The match resumes. The clock is running again.</source>
        <comment>match.resumed.1</comment>
        <translation>The match resumes. The clock is running again.</translation>
    </message>
    <message>
        <source>Play on! The match is back.</source>
        <comment>match.resumed.2</comment>
        <translation>Play on! The match is back.</translation>
    </message>
    <message>
        <source>Spoiler: {wolves} are the werewolves. {seer} is the seer, {doctor} the doctor.</source>
        <comment>omni.roles.1</comment>
        <translation>Spoiler: {wolves} are the werewolves. {seer} is the seer, {doctor} the doctor.</translation>
    </message>
    <message>
        <source>Behind the smiles: the wolves are {wolves}; {seer} holds the seer&apos;s sight and {doctor} the doctor&apos;s kit.</source>
        <comment>omni.roles.2</comment>
        <translation>Behind the smiles: the wolves are {wolves}; {seer} holds the seer&apos;s sight and {doctor} the doctor&apos;s kit.</translation>
    </message>
    <message>
        <source>The wolves, {wolves}, close in on {target}…</source>
        <comment>omni.wolves.agree.1</comment>
        <translation>The wolves, {wolves}, close in on {target}…</translation>
    </message>
    <message>
        <source>{wolves} agree: tonight&apos;s prey is {target}.</source>
        <comment>omni.wolves.agree.2</comment>
        <translation>{wolves} agree: tonight&apos;s prey is {target}.</translation>
    </message>
    <message>
        <source>Yellow eyes in the dark: {wolves} stalk {target}.</source>
        <comment>omni.wolves.agree.3</comment>
        <translation>Yellow eyes in the dark: {wolves} stalk {target}.</translation>
    </message>
    <message>
        <source>{wolf}, the last wolf, hunts {target} alone.</source>
        <comment>omni.wolf.alone.1</comment>
        <translation>{wolf}, the last wolf, hunts {target} alone.</translation>
    </message>
    <message>
        <source>A lone wolf on the prowl: {wolf} has chosen {target}.</source>
        <comment>omni.wolf.alone.2</comment>
        <translation>A lone wolf on the prowl: {wolf} has chosen {target}.</translation>
    </message>
    <message>
        <source>The pack is split: {wolf1} wants {target1}, {wolf2} wants {target2}.</source>
        <comment>omni.wolves.split.1</comment>
        <translation>The pack is split: {wolf1} wants {target1}, {wolf2} wants {target2}.</translation>
    </message>
    <message>
        <source>Disagreement in the den: {wolf1} picks {target1} while {wolf2} picks {target2}.</source>
        <comment>omni.wolves.split.2</comment>
        <translation>Disagreement in the den: {wolf1} picks {target1} while {wolf2} picks {target2}.</translation>
    </message>
    <message>
        <source>The seer, {seer}, peers into {target}&apos;s heart… and sees a werewolf!</source>
        <comment>omni.seer.wolf.1</comment>
        <translation>The seer, {seer}, peers into {target}&apos;s heart… and sees a werewolf!</translation>
    </message>
    <message>
        <source>{seer} has found one: {target} is a werewolf.</source>
        <comment>omni.seer.wolf.2</comment>
        <translation>{seer} has found one: {target} is a werewolf.</translation>
    </message>
    <message>
        <source>{seer}, the seer, checks {target}: not a werewolf.</source>
        <comment>omni.seer.clean.1</comment>
        <translation>{seer}, the seer, checks {target}: not a werewolf.</translation>
    </message>
    <message>
        <source>The seer&apos;s vision clears {target}. {seer} knows a little more tonight.</source>
        <comment>omni.seer.clean.2</comment>
        <translation>The seer&apos;s vision clears {target}. {seer} knows a little more tonight.</translation>
    </message>
    <message>
        <source>{doctor}, the doctor, watches over {target} tonight.</source>
        <comment>omni.doctor.1</comment>
        <translation>{doctor}, the doctor, watches over {target} tonight.</translation>
    </message>
    <message>
        <source>The doctor, {doctor}, slips into {target}&apos;s house with bandages ready.</source>
        <comment>omni.doctor.2</comment>
        <translation>The doctor, {doctor}, slips into {target}&apos;s house with bandages ready.</translation>
    </message>
    <message>
        <source>{doctor}, the doctor, bars their own door tonight.</source>
        <comment>omni.doctor.self.1</comment>
        <translation>{doctor}, the doctor, bars their own door tonight.</translation>
    </message>
    <message>
        <source>The doctor, {doctor}, keeps the medicine close tonight: a self-protect.</source>
        <comment>omni.doctor.self.2</comment>
        <translation>The doctor, {doctor}, keeps the medicine close tonight: a self-protect.</translation>
    </message>
    <message>
        <source>The wolves pounce on {victim}… but {doctor}, the doctor, was watching. {victim} lives!</source>
        <comment>omni.night.saved.1</comment>
        <translation>The wolves pounce on {victim}… but {doctor}, the doctor, was watching. {victim} lives!</translation>
    </message>
    <message>
        <source>Saved! {doctor} guessed right and pulls {victim} from the wolves&apos; jaws.</source>
        <comment>omni.night.saved.2</comment>
        <translation>Saved! {doctor} guessed right and pulls {victim} from the wolves&apos; jaws.</translation>
    </message>
    <message>
        <source>The pack ({wolves}) strikes: {victim} ({role}) will not see the dawn.</source>
        <comment>omni.night.kill.1</comment>
        <translation>The pack ({wolves}) strikes: {victim} ({role}) will not see the dawn.</translation>
    </message>
    <message>
        <source>It is done. {victim}, {role|a}, falls to {wolves}.</source>
        <comment>omni.night.kill.2</comment>
        <translation>It is done. {victim}, {role|a}, falls to {wolves}.</translation>
    </message>
    <message>
        <source>The wolves could not settle on a victim; fate picks {victim} ({role}).</source>
        <comment>omni.night.random.1</comment>
        <translation>The wolves could not settle on a victim; fate picks {victim} ({role}).</translation>
    </message>
    <message>
        <source>No agreement in the den, so the moon decides: {victim}, {role|a}, is taken.</source>
        <comment>omni.night.random.2</comment>
        <translation>No agreement in the den, so the moon decides: {victim}, {role|a}, is taken.</translation>
    </message>
    <message>
        <source>Spoiler: still hiding among them, the wolves: {wolves}.</source>
        <comment>omni.day.status.1</comment>
        <translation>Spoiler: still hiding among them, the wolves: {wolves}.</translation>
    </message>
    <message>
        <source>Only you can see it: {wolves}, sitting right there, smiling.</source>
        <comment>omni.day.status.2</comment>
        <translation>Only you can see it: {wolves}, sitting right there, smiling.</translation>
    </message>
    <message>
        <source>{voter} votes against fellow werewolf {target}! Bussing a packmate to look innocent?</source>
        <comment>omni.bus.1</comment>
        <translation>{voter} votes against fellow werewolf {target}! Bussing a packmate to look innocent?</translation>
    </message>
    <message>
        <source>Cold-blooded: {voter}, a wolf, puts a vote on their own packmate {target}.</source>
        <comment>omni.bus.2</comment>
        <translation>Cold-blooded: {voter}, a wolf, puts a vote on their own packmate {target}.</translation>
    </message>
    <message>
        <source>Spoiler: {name} is no seer but {role|a}. A bold bluff!</source>
        <comment>omni.claim.fake.1</comment>
        <translation>Spoiler: {name} is no seer but {role|a}. A bold bluff!</translation>
    </message>
    <message>
        <source>Only you know it: {name}&apos;s seer claim is a lie. They are {role|a}.</source>
        <comment>omni.claim.fake.2</comment>
        <translation>Only you know it: {name}&apos;s seer claim is a lie. They are {role|a}.</translation>
    </message>
    <message>
        <source>Spoiler: {name} really is the seer.</source>
        <comment>omni.claim.true.1</comment>
        <translation>Spoiler: {name} really is the seer.</translation>
    </message>
    <message>
        <source>It&apos;s true: {name} is the genuine seer, and now the wolves know it too.</source>
        <comment>omni.claim.true.2</comment>
        <translation>It&apos;s true: {name} is the genuine seer, and now the wolves know it too.</translation>
    </message>
    <message>
        <source>Somewhere in the dark, the witch&apos;s hour comes and goes.</source>
        <comment>witch.stirs.1</comment>
        <translation>Somewhere in the dark, the witch&apos;s hour comes and goes.</translation>
    </message>
    <message>
        <source>A cauldron bubbles in Night {night}. Whether anyone tends it, nobody can say.</source>
        <comment>witch.stirs.2</comment>
        <translation>A cauldron bubbles in Night {night}. Whether anyone tends it, nobody can say.</translation>
    </message>
    <message>
        <source>Dawn breaks after Night {night}, and everyone wakes. A peaceful night.</source>
        <comment>dawn.peaceful.1</comment>
        <translation>Dawn breaks after Night {night}, and everyone wakes. A peaceful night.</translation>
    </message>
    <message>
        <source>Night {night} passes and no bed is empty.</source>
        <comment>dawn.peaceful.2</comment>
        <translation>Night {night} passes and no bed is empty.</translation>
    </message>
    <message>
        <source>A grim dawn after Night {night}: {count|word} players did not wake: {names}.</source>
        <comment>dawn.deaths.1</comment>
        <translation>A grim dawn after Night {night}: {count|word} players did not wake: {names}.</translation>
    </message>
    <message>
        <source>Night {night} took {count|word} lives: {names}.</source>
        <comment>dawn.deaths.2</comment>
        <translation>Night {night} took {count|word} lives: {names}.</translation>
    </message>
    <message>
        <source>{name} was found dead after Night {night}. They were {role|a}.</source>
        <comment>dawn.found.1</comment>
        <translation>{name} was found dead after Night {night}. They were {role|a}.</translation>
    </message>
    <message>
        <source>Morning light finds {name} lifeless. {name} was {role|a}.</source>
        <comment>dawn.found.2</comment>
        <translation>Morning light finds {name} lifeless. {name} was {role|a}.</translation>
    </message>
    <message>
        <source>{name} was found dead after Night {night}. Their role stays a secret.</source>
        <comment>dawn.found.hidden.1</comment>
        <translation>{name} was found dead after Night {night}. Their role stays a secret.</translation>
    </message>
    <message>
        <source>Morning light finds {name} lifeless; what they were, the village cannot tell.</source>
        <comment>dawn.found.hidden.2</comment>
        <translation>Morning light finds {name} lifeless; what they were, the village cannot tell.</translation>
    </message>
    <message>
        <source>The village has spoken: {name} is cast out with {votes|votes}. Their role stays hidden.</source>
        <comment>vote.out.hidden.1</comment>
        <translation>The village has spoken: {name} is cast out with {votes|votes}. Their role stays hidden.</translation>
    </message>
    <message>
        <source>{name} leaves the Town Hall for good ({votes|votes}), taking their secret along.</source>
        <comment>vote.out.hidden.2</comment>
        <translation>{name} leaves the Town Hall for good ({votes|votes}), taking their secret along.</translation>
    </message>
    <message>
        <source>Voting is open! {seconds} seconds to choose who leaves the village.</source>
        <comment>day.vote.pk.1</comment>
        <translation>Voting is open! {seconds} seconds to choose who leaves the village.</translation>
    </message>
    <message>
        <source>Talk is over. Cast your votes; a tie sends the leaders to a PK.</source>
        <comment>day.vote.pk.2</comment>
        <translation>Talk is over. Cast your votes; a tie sends the leaders to a PK.</translation>
    </message>
    <message>
        <source>The ballot box opens. Who will the village cast out on Day {day}?</source>
        <comment>day.vote.pk.3</comment>
        <translation>The ballot box opens. Who will the village cast out on Day {day}?</translation>
    </message>
    <message>
        <source>A tie at {count|votes}! {names} face a PK: each defends themselves, then the village votes again.</source>
        <comment>pk.begins.1</comment>
        <translation>A tie at {count|votes}! {names} face a PK: each defends themselves, then the village votes again.</translation>
    </message>
    <message>
        <source>Deadlock between {names}. To the PK: one defence each, then a revote.</source>
        <comment>pk.begins.2</comment>
        <translation>Deadlock between {names}. To the PK: one defence each, then a revote.</translation>
    </message>
    <message>
        <source>{name} takes the stand in the PK.</source>
        <comment>pk.turn.1</comment>
        <translation>{name} takes the stand in the PK.</translation>
    </message>
    <message>
        <source>The PK floor goes to {name}: defend yourself.</source>
        <comment>pk.turn.2</comment>
        <translation>The PK floor goes to {name}: defend yourself.</translation>
    </message>
    <message>
        <source>The PK revote is open: {names}, one of you may leave.</source>
        <comment>pk.vote.1</comment>
        <translation>The PK revote is open: {names}, one of you may leave.</translation>
    </message>
    <message>
        <source>Defences heard. The village votes again between {names}.</source>
        <comment>pk.vote.2</comment>
        <translation>Defences heard. The village votes again between {names}.</translation>
    </message>
    <message>
        <source>The revote settles the PK: {name} goes with {votes|votes}.</source>
        <comment>pk.decided.1</comment>
        <translation>The revote settles the PK: {name} goes with {votes|votes}.</translation>
    </message>
    <message>
        <source>The PK is over. {name} could not win the room ({votes|votes}).</source>
        <comment>pk.decided.2</comment>
        <translation>The PK is over. {name} could not win the room ({votes|votes}).</translation>
    </message>
    <message>
        <source>The PK ties again between {names}. Nobody is eliminated today.</source>
        <comment>pk.tie.1</comment>
        <translation>The PK ties again between {names}. Nobody is eliminated today.</translation>
    </message>
    <message>
        <source>A second deadlock: {names} are level once more, and everyone survives the day.</source>
        <comment>pk.tie.2</comment>
        <translation>A second deadlock: {names} are level once more, and everyone survives the day.</translation>
    </message>
    <message>
        <source>Nobody voted in the PK. Day {day} ends without an elimination.</source>
        <comment>pk.none.1</comment>
        <translation>Nobody voted in the PK. Day {day} ends without an elimination.</translation>
    </message>
    <message>
        <source>The PK&apos;s ballot box stays empty. Everyone survives Day {day}.</source>
        <comment>pk.none.2</comment>
        <translation>The PK&apos;s ballot box stays empty. Everyone survives Day {day}.</translation>
    </message>
    <message>
        <source>{hunter} was the hunter, and the hunter does not go quietly. Will there be a shot?</source>
        <comment>hunter.rises.1</comment>
        <translation>{hunter} was the hunter, and the hunter does not go quietly. Will there be a shot?</translation>
    </message>
    <message>
        <source>A gun is raised: {hunter}, the hunter, may take someone along.</source>
        <comment>hunter.rises.2</comment>
        <translation>A gun is raised: {hunter}, the hunter, may take someone along.</translation>
    </message>
    <message>
        <source>A shot rings out! {hunter} takes {name} down. {name} was {role|a}.</source>
        <comment>hunter.hit.1</comment>
        <translation>A shot rings out! {hunter} takes {name} down. {name} was {role|a}.</translation>
    </message>
    <message>
        <source>The hunter&apos;s bullet finds {name}, who was {role|a}.</source>
        <comment>hunter.hit.2</comment>
        <translation>The hunter&apos;s bullet finds {name}, who was {role|a}.</translation>
    </message>
    <message>
        <source>A shot rings out! {hunter} takes {name} down. Their role stays hidden.</source>
        <comment>hunter.hit.hidden.1</comment>
        <translation>A shot rings out! {hunter} takes {name} down. Their role stays hidden.</translation>
    </message>
    <message>
        <source>The hunter&apos;s bullet finds {name}; what they were, nobody is told.</source>
        <comment>hunter.hit.hidden.2</comment>
        <translation>The hunter&apos;s bullet finds {name}; what they were, nobody is told.</translation>
    </message>
    <message>
        <source>{hunter} lowers the gun. No shot is fired.</source>
        <comment>hunter.holds.1</comment>
        <translation>{hunter} lowers the gun. No shot is fired.</translation>
    </message>
    <message>
        <source>The hunter, {hunter}, holds fire.</source>
        <comment>hunter.holds.2</comment>
        <translation>The hunter, {hunter}, holds fire.</translation>
    </message>
    <message>
        <source>Day {days} is done and so is the match: neither side won. A draw!</source>
        <comment>game.over.draw.1</comment>
        <translation>Day {days} is done and so is the match: neither side won. A draw!</translation>
    </message>
    <message>
        <source>Time runs out on Day {days}. Nobody wins; the village and the wolves both survive.</source>
        <comment>game.over.draw.2</comment>
        <translation>Time runs out on Day {days}. Nobody wins; the village and the wolves both survive.</translation>
    </message>
    <message>
        <source>Spoiler: {witch} holds the witch&apos;s two potions; {hunter} is the hunter.</source>
        <comment>omni.witch.hunter.1</comment>
        <translation>Spoiler: {witch} holds the witch&apos;s two potions; {hunter} is the hunter.</translation>
    </message>
    <message>
        <source>Only you know it: {witch} is the witch and {hunter} carries the hunter&apos;s gun.</source>
        <comment>omni.witch.hunter.2</comment>
        <translation>Only you know it: {witch} is the witch and {hunter} carries the hunter&apos;s gun.</translation>
    </message>
    <message>
        <source>{witch}, the witch, pours the antidote for {target}.</source>
        <comment>omni.witch.save.1</comment>
        <translation>{witch}, the witch, pours the antidote for {target}.</translation>
    </message>
    <message>
        <source>The witch, {witch}, spends her antidote: {target} is pulled back from the brink.</source>
        <comment>omni.witch.save.2</comment>
        <translation>The witch, {witch}, spends her antidote: {target} is pulled back from the brink.</translation>
    </message>
    <message>
        <source>{witch}, the witch, poisons {target}.</source>
        <comment>omni.witch.poison.1</comment>
        <translation>{witch}, the witch, poisons {target}.</translation>
    </message>
    <message>
        <source>A drop of poison from {witch}, the witch: {target} will not wake.</source>
        <comment>omni.witch.poison.2</comment>
        <translation>A drop of poison from {witch}, the witch: {target} will not wake.</translation>
    </message>
    <message>
        <source>{witch}, the witch, keeps her potions tonight.</source>
        <comment>omni.witch.pass.1</comment>
        <translation>{witch}, the witch, keeps her potions tonight.</translation>
    </message>
    <message>
        <source>The witch, {witch}, does nothing tonight.</source>
        <comment>omni.witch.pass.2</comment>
        <translation>The witch, {witch}, does nothing tonight.</translation>
    </message>
    <message>
        <source>The wolves&apos; victim tonight: {victim} ({role}).</source>
        <comment>omni.wolves.decided.1</comment>
        <translation>The wolves&apos; victim tonight: {victim} ({role}).</translation>
    </message>
    <message>
        <source>The pack has settled on {victim}, {role|a}.</source>
        <comment>omni.wolves.decided.2</comment>
        <translation>The pack has settled on {victim}, {role|a}.</translation>
    </message>
    <message>
        <source>The wolves pounce on {victim}… but the witch&apos;s antidote brings {victim} back!</source>
        <comment>omni.night.witchsaved.1</comment>
        <translation>The wolves pounce on {victim}… but the witch&apos;s antidote brings {victim} back!</translation>
    </message>
    <message>
        <source>Saved by a potion: the witch pulls {victim} from the wolves&apos; jaws.</source>
        <comment>omni.night.witchsaved.2</comment>
        <translation>Saved by a potion: the witch pulls {victim} from the wolves&apos; jaws.</translation>
    </message>
    <message>
        <source>{victim} ({role}) dies of the witch&apos;s poison, not the wolves&apos; claws.</source>
        <comment>omni.night.poisoned.1</comment>
        <translation>{victim} ({role}) dies of the witch&apos;s poison, not the wolves&apos; claws.</translation>
    </message>
    <message>
        <source>The witch&apos;s poison does its work: {victim}, {role|a}, will not wake.</source>
        <comment>omni.night.poisoned.2</comment>
        <translation>The witch&apos;s poison does its work: {victim}, {role|a}, will not wake.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::NarratorTicker</name>
    <message>
        <source>Town Crier</source>
        <translation>Town Crier</translation>
    </message>
    <message>
        <source>TOWN CRIER</source>
        <translation>TOWN CRIER</translation>
    </message>
    <message>
        <source>The Town Crier is waiting for news…</source>
        <translation>The Town Crier is waiting for news…</translation>
    </message>
</context>
<context>
    <name>townhall::ui::PhaseHeader</name>
    <message>
        <source>Phase and countdown</source>
        <translation>Phase and countdown</translation>
    </message>
    <message>
        <source>No match selected</source>
        <translation>No match selected</translation>
    </message>
    <message>
        <source>Werewolf Game #%1</source>
        <translation>Werewolf Game #%1</translation>
    </message>
    <message>
        <source>REPLAY</source>
        <translation>REPLAY</translation>
    </message>
    <message>
        <source>PAUSED</source>
        <translation>PAUSED</translation>
    </message>
    <message>
        <source>LIVE</source>
        <translation>LIVE</translation>
    </message>
    <message>
        <source>Click a building on the map</source>
        <translation>Click a building on the map</translation>
    </message>
    <message>
        <source>Lobby — players are getting ready</source>
        <translation>Lobby — players are getting ready</translation>
    </message>
    <message>
        <source>Night %1</source>
        <translation>Night %1</translation>
    </message>
    <message>
        <source>Game over — the %1 win</source>
        <translation>Game over — the %1 win</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Game over</translation>
    </message>
    <message>
        <source>Day %1 — %2: %3</source>
        <translation>Day %1 — %2: %3</translation>
    </message>
    <message>
        <source>Day %1 — %2</source>
        <translation>Day %1 — %2</translation>
    </message>
    <message>
        <source>%1 of %2 alive</source>
        <translation>%1 of %2 alive</translation>
    </message>
    <message>
        <source>OMNISCIENT · SPOILERS</source>
        <translation>OMNISCIENT · SPOILERS</translation>
    </message>
    <message>
        <source>LEFT IN PHASE</source>
        <translation>LEFT IN PHASE</translation>
    </message>
    <message>
        <source>Night %1 — %2</source>
        <translation>Night %1 — %2</translation>
    </message>
</context>
<context>
    <name>townhall::ui::PlayerPanel</name>
    <message>
        <source>You have spoken; the others speak in turn.</source>
        <translation>You have spoken; the others speak in turn.</translation>
    </message>
    <message>
        <source>Phase brief</source>
        <translation>Phase brief</translation>
    </message>
    <message>
        <source>The whole phase brief: what your seat knows and may do now, as an agent in your seat reads it</source>
        <translation>The whole phase brief: what your seat knows and may do now, as an agent in your seat reads it</translation>
    </message>
    <message>
        <source>Phase brief text</source>
        <translation>Phase brief text</translation>
    </message>
    <message>
        <source>Hide the phase brie&amp;f</source>
        <translation>Hide the phase brie&amp;f</translation>
    </message>
    <message>
        <source>Show the phase brie&amp;f</source>
        <translation>Show the phase brie&amp;f</translation>
    </message>
    <message>
        <source>Your seat</source>
        <translation>Your seat</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Time left</translation>
    </message>
    <message>
        <source>Your role</source>
        <translation>Your role</translation>
    </message>
    <message>
        <source>What you know</source>
        <translation>What you know</translation>
    </message>
    <message>
        <source>Stand-in</source>
        <translation>Stand-in</translation>
    </message>
    <message>
        <source>Answer to your last move</source>
        <translation>Answer to your last move</translation>
    </message>
    <message>
        <source>Your move</source>
        <translation>Your move</translation>
    </message>
    <message>
        <source>What to do now</source>
        <translation>What to do now</translation>
    </message>
    <message>
        <source>Players you may choose</source>
        <translation>Players you may choose</translation>
    </message>
    <message>
        <source>Pick a player; Enter confirms</source>
        <translation>Pick a player; Enter confirms</translation>
    </message>
    <message>
        <source>Save tonight&apos;s victim</source>
        <translation>Save tonight&apos;s victim</translation>
    </message>
    <message>
        <source>&amp;Ready</source>
        <translation>&amp;Ready</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>Tell the table you are ready to start</source>
        <translation>Tell the table you are ready to start</translation>
    </message>
    <message>
        <source>Your speech</source>
        <translation>Your speech</translation>
    </message>
    <message>
        <source>Enter speaks; Shift+Enter starts a new line</source>
        <translation>Enter speaks; Shift+Enter starts a new line</translation>
    </message>
    <message>
        <source>Characters used</source>
        <translation>Characters used</translation>
    </message>
    <message>
        <source>&amp;Speak</source>
        <translation>&amp;Speak</translation>
    </message>
    <message>
        <source>Speak</source>
        <translation>Speak</translation>
    </message>
    <message>
        <source>Said at the table</source>
        <translation>Said at the table</translation>
    </message>
    <message>
        <source>Wolf chat (your pack only)</source>
        <translation>Wolf chat (your pack only)</translation>
    </message>
    <message>
        <source>Wolf chat</source>
        <translation>Wolf chat</translation>
    </message>
    <message>
        <source>Wolf chat messages</source>
        <translation>Wolf chat messages</translation>
    </message>
    <message>
        <source>Message to your pack</source>
        <translation>Message to your pack</translation>
    </message>
    <message>
        <source>Night only; Enter sends</source>
        <translation>Night only; Enter sends</translation>
    </message>
    <message>
        <source>Characters used in wolf chat</source>
        <translation>Characters used in wolf chat</translation>
    </message>
    <message>
        <source>Se&amp;nd</source>
        <translation>Se&amp;nd</translation>
    </message>
    <message>
        <source>Send to your pack</source>
        <translation>Send to your pack</translation>
    </message>
    <message>
        <source>No seat yet</source>
        <translation>No seat yet</translation>
    </message>
    <message>
        <source>You have no seat in this match.</source>
        <translation>You have no seat in this match.</translation>
    </message>
    <message>
        <source>Waiting for your table to fill.</source>
        <translation>Waiting for your table to fill.</translation>
    </message>
    <message>
        <source>%1 · seat %2</source>
        <translation>%1 · seat %2</translation>
    </message>
    <message>
        <source>Your role: %1.</source>
        <translation>Your role: %1.</translation>
    </message>
    <message>
        <source>You hunt alone.</source>
        <translation>You hunt alone.</translation>
    </message>
    <message>
        <source>Your pack: %1.</source>
        <translation>Your pack: %1.</translation>
    </message>
    <message>
        <source>Goal: remove the villagers without being found out.</source>
        <translation>Goal: remove the villagers without being found out.</translation>
    </message>
    <message>
        <source>Goal: find the werewolves and vote them out.</source>
        <translation>Goal: find the werewolves and vote them out.</translation>
    </message>
    <message>
        <source>You are out of the game: you may watch, not act.</source>
        <translation>You are out of the game: you may watch, not act.</translation>
    </message>
    <message>
        <source>Night %1: %2 is a werewolf.</source>
        <translation>Night %1: %2 is a werewolf.</translation>
    </message>
    <message>
        <source>Night %1: %2 is not a werewolf.</source>
        <translation>Night %1: %2 is not a werewolf.</translation>
    </message>
    <message>
        <source>the antidote</source>
        <translation>the antidote</translation>
    </message>
    <message>
        <source>the poison</source>
        <translation>the poison</translation>
    </message>
    <message>
        <source>Your potions are used up.</source>
        <translation>Your potions are used up.</translation>
    </message>
    <message>
        <source>You still hold %1.</source>
        <translation>You still hold %1.</translation>
    </message>
    <message>
        <source>Night %1: nobody died.</source>
        <translation>Night %1: nobody died.</translation>
    </message>
    <message>
        <source>Night %1: %2 died.</source>
        <translation>Night %1: %2 died.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Alive: %1.</source>
        <translation>Alive: %1.</translation>
    </message>
    <message>
        <source>Out: %1.</source>
        <translation>Out: %1.</translation>
    </message>
    <message>
        <source>The stand-in plays for you; act to take your seat back.</source>
        <translation>The stand-in plays for you; act to take your seat back.</translation>
    </message>
    <message numerus="yes">
        <source>You let %n turn(s) pass in a row; after three the stand-in keeps your seat.</source>
        <translation>
            <numerusform>You let %n turn pass in a row; after three the stand-in keeps your seat.</numerusform>
            <numerusform>You let %n turns pass in a row; after three the stand-in keeps your seat.</numerusform>
        </translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Done.</translation>
    </message>
    <message>
        <source>Refused: %1 (%2)</source>
        <translation>Refused: %1 (%2)</translation>
    </message>
    <message>
        <source>Choose tonight&apos;s victim with your pack; you may change it until the night ends.</source>
        <translation>Choose tonight&apos;s victim with your pack; you may change it until the night ends.</translation>
    </message>
    <message>
        <source>&amp;Kill</source>
        <translation>&amp;Kill</translation>
    </message>
    <message>
        <source>Kill the chosen player</source>
        <translation>Kill the chosen player</translation>
    </message>
    <message>
        <source>Choose a player to inspect tonight.</source>
        <translation>Choose a player to inspect tonight.</translation>
    </message>
    <message>
        <source>&amp;Inspect</source>
        <translation>&amp;Inspect</translation>
    </message>
    <message>
        <source>Inspect the chosen player</source>
        <translation>Inspect the chosen player</translation>
    </message>
    <message>
        <source>Choose a player to protect tonight.</source>
        <translation>Choose a player to protect tonight.</translation>
    </message>
    <message>
        <source>&amp;Protect</source>
        <translation>&amp;Protect</translation>
    </message>
    <message>
        <source>Protect the chosen player</source>
        <translation>Protect the chosen player</translation>
    </message>
    <message>
        <source>You do not learn tonight&apos;s victim.</source>
        <translation>You do not learn tonight&apos;s victim.</translation>
    </message>
    <message>
        <source>Tonight the wolves chose %1.</source>
        <translation>Tonight the wolves chose %1.</translation>
    </message>
    <message>
        <source>Save, poison a player, or pass.</source>
        <translation>Save, poison a player, or pass.</translation>
    </message>
    <message>
        <source>P&amp;oison</source>
        <translation>P&amp;oison</translation>
    </message>
    <message>
        <source>Poison the chosen player</source>
        <translation>Poison the chosen player</translation>
    </message>
    <message>
        <source>P&amp;ass</source>
        <translation>P&amp;ass</translation>
    </message>
    <message>
        <source>Pass: use no potion tonight</source>
        <translation>Pass: use no potion tonight</translation>
    </message>
    <message>
        <source>You are dying: shoot a player, or let it pass.</source>
        <translation>You are dying: shoot a player, or let it pass.</translation>
    </message>
    <message>
        <source>S&amp;hoot</source>
        <translation>S&amp;hoot</translation>
    </message>
    <message>
        <source>Shoot the chosen player</source>
        <translation>Shoot the chosen player</translation>
    </message>
    <message>
        <source>&amp;Don&apos;t shoot</source>
        <translation>&amp;Don&apos;t shoot</translation>
    </message>
    <message>
        <source>Do not shoot</source>
        <translation>Do not shoot</translation>
    </message>
    <message>
        <source>Vote for one of the tied players.</source>
        <translation>Vote for one of the tied players.</translation>
    </message>
    <message>
        <source>Vote for the player to eliminate.</source>
        <translation>Vote for the player to eliminate.</translation>
    </message>
    <message>
        <source>&amp;Vote</source>
        <translation>&amp;Vote</translation>
    </message>
    <message>
        <source>Vote for the chosen player</source>
        <translation>Vote for the chosen player</translation>
    </message>
    <message>
        <source>A&amp;bstain</source>
        <translation>A&amp;bstain</translation>
    </message>
    <message>
        <source>Abstain</source>
        <translation>Abstain</translation>
    </message>
    <message>
        <source>Your turn: give your opening statement.</source>
        <translation>Your turn: give your opening statement.</translation>
    </message>
    <message>
        <source>Discussion: say what you think, as often as you like.</source>
        <translation>Discussion: say what you think, as often as you like.</translation>
    </message>
    <message>
        <source>Your turn: defend yourself before the revote.</source>
        <translation>Your turn: defend yourself before the revote.</translation>
    </message>
    <message>
        <source>You were voted out: say your last words.</source>
        <translation>You were voted out: say your last words.</translation>
    </message>
    <message>
        <source>(Sent; you may change it.)</source>
        <translation>(Sent; you may change it.)</translation>
    </message>
    <message>
        <source>Press Ready when you are.</source>
        <translation>Press Ready when you are.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>The game is over.</translation>
    </message>
    <message>
        <source>Nothing to do: you are out.</source>
        <translation>Nothing to do: you are out.</translation>
    </message>
    <message>
        <source>Nothing to do now: wait.</source>
        <translation>Nothing to do now: wait.</translation>
    </message>
    <message>
        <source>&amp;Save %1</source>
        <translation>&amp;Save %1</translation>
    </message>
    <message>
        <source>&amp;Speak your last words</source>
        <translation>&amp;Speak your last words</translation>
    </message>
    <message>
        <source>%1 — at most %2 characters</source>
        <translation>%1 — at most %2 characters</translation>
    </message>
    <message>
        <source>Your move — now</source>
        <translation>Your move — now</translation>
    </message>
    <message>
        <source>— Night %1 —</source>
        <translation>— Night %1 —</translation>
    </message>
    <message>
        <source>— %1 —</source>
        <translation>— %1 —</translation>
    </message>
    <message>
        <source>— Day %1: %2 —</source>
        <translation>— Day %1: %2 —</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 abstains.</source>
        <translation>%1 abstains.</translation>
    </message>
    <message>
        <source>%1 votes for %2.</source>
        <translation>%1 votes for %2.</translation>
    </message>
    <message>
        <source>The vote is tied.</source>
        <translation>The vote is tied.</translation>
    </message>
    <message>
        <source>Nobody is voted out.</source>
        <translation>Nobody is voted out.</translation>
    </message>
    <message>
        <source>Nobody died in the night.</source>
        <translation>Nobody died in the night.</translation>
    </message>
    <message>
        <source>In the night %1 died.</source>
        <translation>In the night %1 died.</translation>
    </message>
    <message>
        <source>%1 is out.</source>
        <translation>%1 is out.</translation>
    </message>
    <message>
        <source>%1 does not shoot.</source>
        <translation>%1 does not shoot.</translation>
    </message>
    <message>
        <source>%1 shoots %2.</source>
        <translation>%1 shoots %2.</translation>
    </message>
    <message>
        <source>The game is over: %1 win.</source>
        <translation>The game is over: %1 win.</translation>
    </message>
    <message>
        <source>The game is over: nobody wins.</source>
        <translation>The game is over: nobody wins.</translation>
    </message>
    <message>
        <source>Everyone&apos;s role: %1.</source>
        <translation>Everyone&apos;s role: %1.</translation>
    </message>
    <message>
        <source>Only you: %1 is a werewolf.</source>
        <translation>Only you: %1 is a werewolf.</translation>
    </message>
    <message>
        <source>Only you: %1 is not a werewolf.</source>
        <translation>Only you: %1 is not a werewolf.</translation>
    </message>
    <message>
        <source>Only you: you protect %1 tonight.</source>
        <translation>Only you: you protect %1 tonight.</translation>
    </message>
    <message>
        <source>Only you: you save %1.</source>
        <translation>Only you: you save %1.</translation>
    </message>
    <message>
        <source>Only you: you poison %1.</source>
        <translation>Only you: you poison %1.</translation>
    </message>
    <message>
        <source>Only you: you use no potion tonight.</source>
        <translation>Only you: you use no potion tonight.</translation>
    </message>
    <message>
        <source>You missed your turn.</source>
        <translation>You missed your turn.</translation>
    </message>
    <message>
        <source>%1 missed their turn.</source>
        <translation>%1 missed their turn.</translation>
    </message>
    <message>
        <source>The host paused the match.</source>
        <translation>The host paused the match.</translation>
    </message>
    <message>
        <source>The match goes on.</source>
        <translation>The match goes on.</translation>
    </message>
    <message>
        <source>%1 picks %2.</source>
        <translation>%1 picks %2.</translation>
    </message>
    <message>
        <source>%1 · your move · %2 left</source>
        <translation>%1 · your move · %2 left</translation>
    </message>
    <message>
        <source>%1 · %2 left</source>
        <translation>%1 · %2 left</translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 characters</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 (out)</source>
        <translation>%1 (out)</translation>
    </message>
    <message>
        <source>%1 is out (%2).</source>
        <translation>%1 is out (%2).</translation>
    </message>
    <message>
        <source>You are ready; the match starts soon.</source>
        <translation>You are ready; the match starts soon.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::PlayersModel</name>
    <message>
        <source>hunts %1</source>
        <translation>hunts %1</translation>
    </message>
    <message>
        <source>inspects %1</source>
        <translation>inspects %1</translation>
    </message>
    <message>
        <source>protects %1</source>
        <translation>protects %1</translation>
    </message>
    <message>
        <source>abstains</source>
        <translation>abstains</translation>
    </message>
    <message>
        <source>Alive</source>
        <translation>Alive</translation>
    </message>
    <message>
        <source>Dead</source>
        <translation>Dead</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>Seat %1: %2</source>
        <translation>Seat %1: %2</translation>
    </message>
    <message>
        <source>Role (spoiler): %1</source>
        <translation>Role (spoiler): %1</translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation>Role: %1</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Seat</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Role</translation>
    </message>
    <message>
        <source>DEAD</source>
        <translation>DEAD</translation>
    </message>
    <message>
        <source>READY</source>
        <translation>READY</translation>
    </message>
    <message>
        <source>PERSON</source>
        <translation>PERSON</translation>
    </message>
    <message>
        <source>Played by a person</source>
        <translation>Played by a person</translation>
    </message>
    <message>
        <source>ROLE HIDDEN</source>
        <translation>ROLE HIDDEN</translation>
    </message>
    <message>
        <source>saves %1</source>
        <translation>saves %1</translation>
    </message>
    <message>
        <source>poisons %1</source>
        <translation>poisons %1</translation>
    </message>
    <message>
        <source>antidote</source>
        <translation>antidote</translation>
    </message>
    <message>
        <source>poison</source>
        <translation>poison</translation>
    </message>
    <message>
        <source>no potions left</source>
        <translation>no potions left</translation>
    </message>
    <message>
        <source>shot %1</source>
        <translation>shot %1</translation>
    </message>
    <message>
        <source>held fire</source>
        <translation>held fire</translation>
    </message>
    <message>
        <source>shot by %1</source>
        <translation>shot by %1</translation>
    </message>
    <message>
        <source>Potions (spoiler): %1</source>
        <translation>Potions (spoiler): %1</translation>
    </message>
    <message>
        <source>potions: %1</source>
        <translation>potions: %1</translation>
    </message>
</context>
<context>
    <name>townhall::ui::ReplayBar</name>
    <message>
        <source>Replay</source>
        <translation>Replay</translation>
    </message>
    <message>
        <source>One event back (Alt+Left)</source>
        <translation>One event back (Alt+Left)</translation>
    </message>
    <message>
        <source>Previous event</source>
        <translation>Previous event</translation>
    </message>
    <message>
        <source>One event forward (Alt+Right)</source>
        <translation>One event forward (Alt+Right)</translation>
    </message>
    <message>
        <source>Next event</source>
        <translation>Next event</translation>
    </message>
    <message>
        <source>Replay position</source>
        <translation>Replay position</translation>
    </message>
    <message>
        <source>Drag to see the match as it was at any event</source>
        <translation>Drag to see the match as it was at any event</translation>
    </message>
    <message>
        <source>● Live</source>
        <translation>● Live</translation>
    </message>
    <message>
        <source>Go live</source>
        <translation>Go live</translation>
    </message>
    <message>
        <source>Follow the match live (End)</source>
        <translation>Follow the match live (End)</translation>
    </message>
    <message>
        <source>Event %1 / %2</source>
        <translation>Event %1 / %2</translation>
    </message>
</context>
<context>
    <name>townhall::ui::RoleResultsModel</name>
    <message>
        <source>Role</source>
        <translation>Role</translation>
    </message>
    <message>
        <source>Role rating</source>
        <translation>Role rating</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SeatHealthModel</name>
    <message>
        <source>ready up</source>
        <translation>ready up</translation>
    </message>
    <message>
        <source>pick a victim</source>
        <translation>pick a victim</translation>
    </message>
    <message>
        <source>inspect</source>
        <translation>inspect</translation>
    </message>
    <message>
        <source>protect</source>
        <translation>protect</translation>
    </message>
    <message>
        <source>speak (their turn)</source>
        <translation>speak (their turn)</translation>
    </message>
    <message>
        <source>vote</source>
        <translation>vote</translation>
    </message>
    <message>
        <source>out of the game</source>
        <translation>out of the game</translation>
    </message>
    <message>
        <source>night actions are secret in the public view</source>
        <translation>night actions are secret in the public view</translation>
    </message>
    <message>
        <source>%1 left to %2 (paused)</source>
        <translation>%1 left to %2 (paused)</translation>
    </message>
    <message>
        <source>%1 left to %2</source>
        <translation>%1 left to %2</translation>
    </message>
    <message>
        <source>owes no action now</source>
        <translation>owes no action now</translation>
    </message>
    <message>
        <source>missed deadlines: %1</source>
        <translation>missed deadlines: %1</translation>
    </message>
    <message>
        <source>timeouts in a row: %1</source>
        <translation>timeouts in a row: %1</translation>
    </message>
    <message>
        <source>last call %1 took %2 ms</source>
        <translation>last call %1 took %2 ms</translation>
    </message>
    <message>
        <source>last call took %1 ms</source>
        <translation>last call took %1 ms</translation>
    </message>
    <message>
        <source>no call recorded</source>
        <translation>no call recorded</translation>
    </message>
    <message>
        <source>failed calls this phase: %1 (last: %2)</source>
        <translation>failed calls this phase: %1 (last: %2)</translation>
    </message>
    <message>
        <source>failed calls this phase: %1</source>
        <translation>failed calls this phase: %1</translation>
    </message>
    <message>
        <source>no failed call this phase</source>
        <translation>no failed call this phase</translation>
    </message>
    <message>
        <source>Seat %1, %2: %3</source>
        <translation>Seat %1, %2: %3</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>played by the model %1</source>
        <translation>played by the model %1</translation>
    </message>
    <message numerus="yes">
        <source>%n model call(s)</source>
        <translation>
            <numerusform>%n model call</numerusform>
            <numerusform>%n model calls</numerusform>
        </translation>
    </message>
    <message>
        <source>tokens in %1, out %2</source>
        <translation>tokens in %1, out %2</translation>
    </message>
    <message>
        <source>cost %1</source>
        <translation>cost %1</translation>
    </message>
    <message>
        <source>cost unknown (no prices)</source>
        <translation>cost unknown (no prices)</translation>
    </message>
    <message>
        <source>latency p50 %1, p95 %2</source>
        <translation>latency p50 %1, p95 %2</translation>
    </message>
    <message>
        <source>failed requests: %1</source>
        <translation>failed requests: %1</translation>
    </message>
    <message>
        <source>no failed request</source>
        <translation>no failed request</translation>
    </message>
    <message numerus="yes">
        <source>%n stand-in turn(s)</source>
        <translation>
            <numerusform>%n stand-in turn</numerusform>
            <numerusform>%n stand-in turns</numerusform>
        </translation>
    </message>
    <message>
        <source>handed over to the built-in bot</source>
        <translation>handed over to the built-in bot</translation>
    </message>
    <message>
        <source>use a potion or pass</source>
        <translation>use a potion or pass</translation>
    </message>
    <message>
        <source>defend (their turn)</source>
        <translation>defend (their turn)</translation>
    </message>
    <message>
        <source>revote</source>
        <translation>revote</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SeatHealthView</name>
    <message>
        <source>Seat health</source>
        <translation>Seat health</translation>
    </message>
    <message>
        <source>out</source>
        <translation>out</translation>
    </message>
    <message>
        <source>night · secret</source>
        <translation>night · secret</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 to %2</translation>
    </message>
    <message>
        <source>nothing owed</source>
        <translation>nothing owed</translation>
    </message>
    <message>
        <source>missed %1 · %2 in a row</source>
        <translation>missed %1 · %2 in a row</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>no calls</source>
        <translation>no calls</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>errors: %1</source>
        <translation>errors: %1</translation>
    </message>
    <message>
        <source>%1 → bot</source>
        <translation>%1 → bot</translation>
    </message>
    <message>
        <source>%1 calls</source>
        <translation>%1 calls</translation>
    </message>
    <message>
        <source>%1/%2 tok</source>
        <translation>%1/%2 tok</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>$%1</translation>
    </message>
    <message>
        <source>p95 %1</source>
        <translation>p95 %1</translation>
    </message>
    <message>
        <source>%1 stand-in</source>
        <translation>%1 stand-in</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 failed</translation>
    </message>
    <message>
        <source>vote</source>
        <translation>vote</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SettingsDialog</name>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Allow guest agents (no token)</source>
        <translation>Allow guest agents (no token)</translation>
    </message>
    <message>
        <source>Lobby</source>
        <translation>Lobby</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>Night</translation>
    </message>
    <message>
        <source>Dawn announcement</source>
        <translation>Dawn announcement</translation>
    </message>
    <message>
        <source>Opening statement, per player</source>
        <translation>Opening statement, per player</translation>
    </message>
    <message>
        <source>Discussion</source>
        <translation>Discussion</translation>
    </message>
    <message>
        <source>Vote</source>
        <translation>Vote</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Resolution</translation>
    </message>
    <message>
        <source>Follow the system&apos;s light or dark theme</source>
        <translation>Follow the system&apos;s light or dark theme</translation>
    </message>
    <message>
        <source>Dark theme</source>
        <translation>Dark theme</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Allow guest agents</source>
        <translation>Allow guest agents</translation>
    </message>
    <message>
        <source>Theme follows the system</source>
        <translation>Theme follows the system</translation>
    </message>
    <message>
        <source>Data directory</source>
        <translation>Data directory</translation>
    </message>
    <message>
        <source>the standard location</source>
        <translation>the standard location</translation>
    </message>
    <message>
        <source>Where the match database is kept (used at the next start)</source>
        <translation>Where the match database is kept (used at the next start)</translation>
    </message>
    <message>
        <source>Used at the next start; another free port is taken if it is busy</source>
        <translation>Used at the next start; another free port is taken if it is busy</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Language</translation>
    </message>
    <message>
        <source>The system&apos;s language</source>
        <translation>The system&apos;s language</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Browse…</translation>
    </message>
    <message>
        <source>Choose the data directory</source>
        <translation>Choose the data directory</translation>
    </message>
    <message>
        <source>&amp;Data directory:</source>
        <translation>&amp;Data directory:</translation>
    </message>
    <message>
        <source>Default phase timers (new matches)</source>
        <translation>Default phase timers (new matches)</translation>
    </message>
    <message>
        <source>&amp;Lobby:</source>
        <translation>&amp;Lobby:</translation>
    </message>
    <message>
        <source>&amp;Night:</source>
        <translation>&amp;Night:</translation>
    </message>
    <message>
        <source>D&amp;awn announcement:</source>
        <translation>D&amp;awn announcement:</translation>
    </message>
    <message>
        <source>&amp;Opening statement (each):</source>
        <translation>&amp;Opening statement (each):</translation>
    </message>
    <message>
        <source>Di&amp;scussion:</source>
        <translation>Di&amp;scussion:</translation>
    </message>
    <message>
        <source>&amp;Vote:</source>
        <translation>&amp;Vote:</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>&amp;Resolution:</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Appearance</translation>
    </message>
    <message>
        <source>&amp;Language (at the next start):</source>
        <translation>&amp;Language (at the next start):</translation>
    </message>
    <message>
        <source>The Town Crier speaks the narration</source>
        <translation>The Town Crier speaks the narration</translation>
    </message>
    <message>
        <source>Also speak the players&apos; public lines</source>
        <translation>Also speak the players&apos; public lines</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voice</translation>
    </message>
    <message>
        <source>Town Crier voice</source>
        <translation>Town Crier voice</translation>
    </message>
    <message>
        <source>Speak the players&apos; lines</source>
        <translation>Speak the players&apos; lines</translation>
    </message>
    <message>
        <source>Voice volume</source>
        <translation>Voice volume</translation>
    </message>
    <message>
        <source>Voice status</source>
        <translation>Voice status</translation>
    </message>
    <message>
        <source>Vol&amp;ume:</source>
        <translation>Vol&amp;ume:</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>&amp;Test</translation>
    </message>
    <message>
        <source>Test the voice</source>
        <translation>Test the voice</translation>
    </message>
    <message>
        <source>Say a sample line now, at this volume</source>
        <translation>Say a sample line now, at this volume</translation>
    </message>
    <message>
        <source>This session listens on port %1 (given with --port, or the setting&apos;s port was busy); this setting applies when the app starts without --port.</source>
        <translation>This session listens on port %1 (given with --port, or the setting&apos;s port was busy); this setting applies when the app starts without --port.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SharedTournamentDialog</name>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Connect</translation>
    </message>
    <message>
        <source>Open shared tournament</source>
        <translation>Open shared tournament</translation>
    </message>
    <message>
        <source>Database &amp;URL:</source>
        <translation>Database &amp;URL:</translation>
    </message>
    <message>
        <source>The password never goes in the URL: it comes from PGPASSWORD or ~/.pgpass (PGPASSFILE), as for psql.</source>
        <translation>The password never goes in the URL: it comes from PGPASSWORD or ~/.pgpass (PGPASSFILE), as for psql.</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Played</translation>
    </message>
    <message>
        <source>Type the database&apos;s postgresql:// URL first.</source>
        <translation>Type the database&apos;s postgresql:// URL first.</translation>
    </message>
    <message>
        <source>This URL cannot be used: %1.</source>
        <translation>This URL cannot be used: %1.</translation>
    </message>
    <message>
        <source>Connecting to the database…</source>
        <translation>Connecting to the database…</translation>
    </message>
    <message>
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>finished</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <source>Connected to %1; it holds no tournament yet.</source>
        <translation>Connected to %1; it holds no tournament yet.</translation>
    </message>
    <message numerus="yes">
        <source>Connected to %1: %n tournament(s).</source>
        <translation>
            <numerusform>Connected to %1: %n tournament.</numerusform>
            <numerusform>Connected to %1: %n tournaments.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read the database: %1</source>
        <translation>Could not read the database: %1</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SpectatorPanel</name>
    <message>
        <source>Spectator panel</source>
        <translation>Spectator panel</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Players</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>Transcript</translation>
    </message>
    <message>
        <source>↓ Latest</source>
        <translation>↓ Latest</translation>
    </message>
    <message>
        <source>Jump to the latest message</source>
        <translation>Jump to the latest message</translation>
    </message>
    <message>
        <source>Auto-scroll stopped because you scrolled up. Click to follow again.</source>
        <translation>Auto-scroll stopped because you scrolled up. Click to follow again.</translation>
    </message>
    <message>
        <source>Key moments</source>
        <translation>Key moments</translation>
    </message>
    <message>
        <source>Click a moment to find it in the transcript</source>
        <translation>Click a moment to find it in the transcript</translation>
    </message>
    <message>
        <source>VOTE TALLY</source>
        <translation>VOTE TALLY</translation>
    </message>
    <message>
        <source>KEY MOMENTS</source>
        <translation>KEY MOMENTS</translation>
    </message>
    <message>
        <source>PLAYERS</source>
        <translation>PLAYERS</translation>
    </message>
    <message>
        <source>TRANSCRIPT</source>
        <translation>TRANSCRIPT</translation>
    </message>
    <message>
        <source>Seat health</source>
        <translation>Seat health</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TextToSpeechSpeaker</name>
    <message>
        <source>No speech engine is installed (on Debian: qt6-speech-flite-plugin).</source>
        <translation>No speech engine is installed (on Debian: qt6-speech-flite-plugin).</translation>
    </message>
    <message>
        <source>The speech engine %1 does not work: %2</source>
        <translation>The speech engine %1 does not work: %2</translation>
    </message>
    <message>
        <source>The speech engine %1 could not speak: %2</source>
        <translation>The speech engine %1 could not speak: %2</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TimelineModel</name>
    <message>
        <source>Day %1</source>
        <translation>Day %1</translation>
    </message>
    <message>
        <source>Night %1</source>
        <translation>Night %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>now</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Started</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Duration</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TimelineView</name>
    <message>
        <source>Lobby</source>
        <translation>Lobby</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>Night</translation>
    </message>
    <message>
        <source>Dawn</source>
        <translation>Dawn</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Turns</translation>
    </message>
    <message>
        <source>Talk</source>
        <translation>Talk</translation>
    </message>
    <message>
        <source>Vote</source>
        <translation>Vote</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
    <message>
        <source>End</source>
        <translation>End</translation>
    </message>
    <message>
        <source>Phase timeline</source>
        <translation>Phase timeline</translation>
    </message>
    <message>
        <source>Current phase: %1</source>
        <translation>Current phase: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) so far</source>
        <translation>
            <numerusform>%n day so far</numerusform>
            <numerusform>%n days so far</numerusform>
        </translation>
    </message>
    <message>
        <source>The timeline fills in as the match goes on</source>
        <translation>The timeline fills in as the match goes on</translation>
    </message>
    <message>
        <source>now — %1 left</source>
        <translation>now — %1 left</translation>
    </message>
    <message>
        <source>lasted %1</source>
        <translation>lasted %1</translation>
    </message>
    <message>
        <source>Witch</source>
        <translation>Witch</translation>
    </message>
    <message>
        <source>Shot</source>
        <translation>Shot</translation>
    </message>
    <message>
        <source>PK</source>
        <translation>PK</translation>
    </message>
    <message>
        <source>Revote</source>
        <translation>Revote</translation>
    </message>
</context>
<context>
    <name>townhall::ui::ToolCallModel</name>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>tool error</source>
        <translation>tool error</translation>
    </message>
    <message>
        <source>protocol error</source>
        <translation>protocol error</translation>
    </message>
    <message>
        <source>rate-limited</source>
        <translation>rate-limited</translation>
    </message>
    <message>
        <source>no reply</source>
        <translation>no reply</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Match</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Tool</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latency</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TournamentDialog</name>
    <message>
        <source>me (I play)</source>
        <translation>me (I play)</translation>
    </message>
    <message>
        <source>You play this seat in every match, in the Your seat panel</source>
        <translation>You play this seat in every match, in the Your seat panel</translation>
    </message>
    <message>
        <source>bot</source>
        <translation>bot</translation>
    </message>
    <message>
        <source>model</source>
        <translation>model</translation>
    </message>
    <message>
        <source>MCP agent</source>
        <translation>MCP agent</translation>
    </message>
    <message>
        <source>push agent</source>
        <translation>push agent</translation>
    </message>
    <message>
        <source>Mirrored pairs</source>
        <translation>Mirrored pairs</translation>
    </message>
    <message>
        <source>Add participant</source>
        <translation>Add participant</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Load file…</source>
        <translation>Load file…</translation>
    </message>
    <message>
        <source>Save file…</source>
        <translation>Save file…</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>New tournament</source>
        <translation>New tournament</translation>
    </message>
    <message>
        <source>%1 (%2 seats)</source>
        <translation>%1 (%2 seats)</translation>
    </message>
    <message>
        <source>Matches come in pairs with the same seed and deal; the second moves the participants half the table round, so each side plays the other&apos;s cards</source>
        <translation>Matches come in pairs with the same seed and deal; the second moves the participants half the table round, so each side plays the other&apos;s cards</translation>
    </message>
    <message>
        <source>count</source>
        <translation>count</translation>
    </message>
    <message>
        <source>A match in which an agent failed counts like any other</source>
        <translation>A match in which an agent failed counts like any other</translation>
    </message>
    <message>
        <source>void</source>
        <translation>void</translation>
    </message>
    <message>
        <source>A match in which an agent failed counts for no one</source>
        <translation>A match in which an agent failed counts for no one</translation>
    </message>
    <message>
        <source>forfeit</source>
        <translation>forfeit</translation>
    </message>
    <message>
        <source>A match in which an agent failed counts only as a loss for the one at fault</source>
        <translation>A match in which an agent failed counts only as a loss for the one at fault</translation>
    </message>
    <message>
        <source>How many of the tournament&apos;s matches run at the same time</source>
        <translation>How many of the tournament&apos;s matches run at the same time</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Seats</translation>
    </message>
    <message>
        <source>Agent / provider / URL</source>
        <translation>Agent / provider / URL</translation>
    </message>
    <message>
        <source>Model / deadline (ms)</source>
        <translation>Model / deadline (ms)</translation>
    </message>
    <message>
        <source>A number of seats, or &quot;rest&quot; for the seats left</source>
        <translation>A number of seats, or &quot;rest&quot; for the seats left</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Rule set</source>
        <translation>Rule set</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Matches</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>If an agent fails</source>
        <translation>If an agent fails</translation>
    </message>
    <message>
        <source>Parallel matches</source>
        <translation>Parallel matches</translation>
    </message>
    <message>
        <source>Participants</source>
        <translation>Participants</translation>
    </message>
    <message>
        <source>my agent against the bots</source>
        <translation>my agent against the bots</translation>
    </message>
    <message>
        <source>Provider: %1</source>
        <translation>Provider: %1</translation>
    </message>
    <message>
        <source>Model (empty: the provider&apos;s own)</source>
        <translation>Model (empty: the provider&apos;s own)</translation>
    </message>
    <message>
        <source>The registered agent&apos;s name</source>
        <translation>The registered agent&apos;s name</translation>
    </message>
    <message>
        <source>The URL Town Hall calls</source>
        <translation>The URL Town Hall calls</translation>
    </message>
    <message>
        <source>How long the agent may take to answer, in milliseconds</source>
        <translation>How long the agent may take to answer, in milliseconds</translation>
    </message>
    <message>
        <source>participants[%1].push.deadlineMs: must be a whole number of milliseconds</source>
        <translation>participants[%1].push.deadlineMs: must be a whole number of milliseconds</translation>
    </message>
    <message>
        <source>The tournament file must be a JSON object.</source>
        <translation>The tournament file must be a JSON object.</translation>
    </message>
    <message>
        <source>name: must be a string</source>
        <translation>name: must be a string</translation>
    </message>
    <message>
        <source>rules: the form offers only the rule presets (%1)</source>
        <translation>rules: the form offers only the rule presets (%1)</translation>
    </message>
    <message>
        <source>failure: must be &quot;count&quot;, &quot;void&quot; or &quot;forfeit&quot;</source>
        <translation>failure: must be &quot;count&quot;, &quot;void&quot; or &quot;forfeit&quot;</translation>
    </message>
    <message>
        <source>matches, seed and parallel must be whole numbers the form can hold</source>
        <translation>matches, seed and parallel must be whole numbers the form can hold</translation>
    </message>
    <message>
        <source>mirror: must be true or false</source>
        <translation>mirror: must be true or false</translation>
    </message>
    <message>
        <source>providers: must be an object</source>
        <translation>providers: must be an object</translation>
    </message>
    <message>
        <source>participants: must be a list</source>
        <translation>participants: must be a list</translation>
    </message>
    <message>
        <source>%1: must be an object</source>
        <translation>%1: must be an object</translation>
    </message>
    <message>
        <source>%1.push: must be an object</source>
        <translation>%1.push: must be an object</translation>
    </message>
    <message>
        <source>%1: must be exactly one of a bot, a provider, an agent, a push agent or a person</source>
        <translation>%1: must be exactly one of a bot, a provider, an agent, a push agent or a person</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Could not write %1: %2</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Could not read %1: %2</translation>
    </message>
    <message>
        <source>%1 is not JSON.</source>
        <translation>%1 is not JSON.</translation>
    </message>
    <message>
        <source>Load tournament</source>
        <translation>Load tournament</translation>
    </message>
    <message>
        <source>Tournament files (*.json)</source>
        <translation>Tournament files (*.json)</translation>
    </message>
    <message>
        <source>Save tournament</source>
        <translation>Save tournament</translation>
    </message>
    <message>
        <source>Tournament %1: %2</source>
        <translation>Tournament %1: %2</translation>
    </message>
    <message>
        <source>Tournament: %1</source>
        <translation>Tournament: %1</translation>
    </message>
    <message>
        <source>To start: %1</source>
        <translation>To start: %1</translation>
    </message>
    <message>
        <source>%1 is not a tournament file (larger than 4 MiB, or not a file).</source>
        <translation>%1 is not a tournament file (larger than 4 MiB, or not a file).</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TownHallItem</name>
    <message>
        <source>TOWN HALL</source>
        <translation>TOWN HALL</translation>
    </message>
    <message>
        <source>Queue empty</source>
        <translation>Queue empty</translation>
    </message>
    <message>
        <source>Waiting: %1</source>
        <translation>Waiting: %1</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TownMapView</name>
    <message>
        <source>Town map</source>
        <translation>Town map</translation>
    </message>
    <message>
        <source>The Town Hall, its queue and one building per match. Click a building to watch its match. Wheel or +/- to zoom, drag to pan, 0 to fit.</source>
        <translation>The Town Hall, its queue and one building per match. Click a building to watch its match. Wheel or +/- to zoom, drag to pan, 0 to fit.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TownSquareItem</name>
    <message>
        <source>Town Square</source>
        <translation>Town Square</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TranscriptModel</name>
    <message>
        <source>Night %1</source>
        <translation>Night %1</translation>
    </message>
    <message>
        <source>Day %1 · %2</source>
        <translation>Day %1 · %2</translation>
    </message>
    <message>
        <source>Turn %1 of %2 · %3</source>
        <translation>Turn %1 of %2 · %3</translation>
    </message>
    <message>
        <source>%1 let their turn pass in silence.</source>
        <translation>%1 let their turn pass in silence.</translation>
    </message>
    <message>
        <source>replying to %1: “%2”</source>
        <translation>replying to %1: “%2”</translation>
    </message>
    <message>
        <source>WOLF CHAT</source>
        <translation>WOLF CHAT</translation>
    </message>
    <message>
        <source>TOWN CRIER</source>
        <translation>TOWN CRIER</translation>
    </message>
    <message>
        <source>%1 withdraws their vote and abstains</source>
        <translation>%1 withdraws their vote and abstains</translation>
    </message>
    <message>
        <source>%1 abstains</source>
        <translation>%1 abstains</translation>
    </message>
    <message>
        <source>%1 switches their vote to %2</source>
        <translation>%1 switches their vote to %2</translation>
    </message>
    <message>
        <source>%1 votes to eliminate %2</source>
        <translation>%1 votes to eliminate %2</translation>
    </message>
    <message>
        <source>VOTE CHANGED</source>
        <translation>VOTE CHANGED</translation>
    </message>
    <message>
        <source>VOTE</source>
        <translation>VOTE</translation>
    </message>
    <message>
        <source>Dawn breaks and everyone wakes up. The doctor saved a life tonight.</source>
        <translation>Dawn breaks and everyone wakes up. The doctor saved a life tonight.</translation>
    </message>
    <message>
        <source>Dawn breaks. %1 was killed in the night.</source>
        <translation>Dawn breaks. %1 was killed in the night.</translation>
    </message>
    <message numerus="yes">
        <source>The vote is in: %1 with %n vote(s).</source>
        <translation>
            <numerusform>The vote is in: %1 with %n vote.</numerusform>
            <numerusform>The vote is in: %1 with %n votes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The vote is tied at %n vote(s) — no one is eliminated.</source>
        <translation>
            <numerusform>The vote is tied at %n vote — no one is eliminated.</numerusform>
            <numerusform>The vote is tied at %n votes — no one is eliminated.</numerusform>
        </translation>
    </message>
    <message>
        <source>No votes were cast — no one is eliminated.</source>
        <translation>No votes were cast — no one is eliminated.</translation>
    </message>
    <message>
        <source>Game over: the %1 win.</source>
        <translation>Game over: the %1 win.</translation>
    </message>
    <message>
        <source>All roles are revealed.</source>
        <translation>All roles are revealed.</translation>
    </message>
    <message>
        <source>The host paused the match.</source>
        <translation>The host paused the match.</translation>
    </message>
    <message>
        <source>The host skipped ahead.</source>
        <translation>The host skipped ahead.</translation>
    </message>
    <message>
        <source>The match resumes.</source>
        <translation>The match resumes.</translation>
    </message>
    <message>
        <source>Roles are dealt. The werewolves are %1.</source>
        <translation>Roles are dealt. The werewolves are %1.</translation>
    </message>
    <message>
        <source>SECRET</source>
        <translation>SECRET</translation>
    </message>
    <message>
        <source>%1 marks %2 as tonight&apos;s prey.</source>
        <translation>%1 marks %2 as tonight&apos;s prey.</translation>
    </message>
    <message>
        <source>WOLF</source>
        <translation>WOLF</translation>
    </message>
    <message>
        <source>The seer %1 inspects %2: a WEREWOLF!</source>
        <translation>The seer %1 inspects %2: a WEREWOLF!</translation>
    </message>
    <message>
        <source>The seer %1 inspects %2: not a werewolf.</source>
        <translation>The seer %1 inspects %2: not a werewolf.</translation>
    </message>
    <message>
        <source>SEER</source>
        <translation>SEER</translation>
    </message>
    <message>
        <source>The doctor %1 watches over %2.</source>
        <translation>The doctor %1 watches over %2.</translation>
    </message>
    <message>
        <source>DOCTOR</source>
        <translation>DOCTOR</translation>
    </message>
    <message>
        <source>The wolves went for %1, but the doctor was there.</source>
        <translation>The wolves went for %1, but the doctor was there.</translation>
    </message>
    <message>
        <source>The wolves&apos; choice: %1.</source>
        <translation>The wolves&apos; choice: %1.</translation>
    </message>
    <message>
        <source>NIGHT</source>
        <translation>NIGHT</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Speaker</source>
        <translation>Speaker</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>SPOILER</source>
        <translation>SPOILER</translation>
    </message>
    <message>
        <source>BREAKING</source>
        <translation>BREAKING</translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation>RESULT</translation>
    </message>
    <message>
        <source>THOUGHT</source>
        <translation>THOUGHT</translation>
    </message>
    <message>
        <source>HAND-OVER</source>
        <translation>HAND-OVER</translation>
    </message>
    <message>
        <source>STAND-IN</source>
        <translation>STAND-IN</translation>
    </message>
    <message>
        <source>Werewolf Game #%1 opens its doors. %2 players take their seats.</source>
        <translation>Werewolf Game #%1 opens its doors. %2 players take their seats.</translation>
    </message>
    <message>
        <source>Night %1 · %2</source>
        <translation>Night %1 · %2</translation>
    </message>
    <message>
        <source>Day %1 · %2: %3</source>
        <translation>Day %1 · %2: %3</translation>
    </message>
    <message>
        <source>Dawn breaks and everyone wakes up. No one died in the night.</source>
        <translation>Dawn breaks and everyone wakes up. No one died in the night.</translation>
    </message>
    <message>
        <source>Dawn breaks. %1 died in the night.</source>
        <translation>Dawn breaks. %1 died in the night.</translation>
    </message>
    <message>
        <source>%1 is shot by the hunter %2.</source>
        <translation>%1 is shot by the hunter %2.</translation>
    </message>
    <message>
        <source>%1 is eliminated by the town.</source>
        <translation>%1 is eliminated by the town.</translation>
    </message>
    <message>
        <source>%1 is dead.</source>
        <translation>%1 is dead.</translation>
    </message>
    <message>
        <source>They were a %1.</source>
        <translation>They were a %1.</translation>
    </message>
    <message numerus="yes">
        <source>The vote is tied at %n vote(s) — %1 go to the PK: a defence each, then a revote.</source>
        <translation>
            <numerusform>The vote is tied at %n vote — %1 go to the PK: a defence each, then a revote.</numerusform>
            <numerusform>The vote is tied at %n votes — %1 go to the PK: a defence each, then a revote.</numerusform>
        </translation>
    </message>
    <message>
        <source>PK</source>
        <translation>PK</translation>
    </message>
    <message>
        <source>PK REVOTE</source>
        <translation>PK REVOTE</translation>
    </message>
    <message numerus="yes">
        <source>The PK revote is in: %1 with %n vote(s).</source>
        <translation>
            <numerusform>The PK revote is in: %1 with %n vote.</numerusform>
            <numerusform>The PK revote is in: %1 with %n votes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The PK revote is tied again at %n vote(s) — no one is eliminated.</source>
        <translation>
            <numerusform>The PK revote is tied again at %n vote — no one is eliminated.</numerusform>
            <numerusform>The PK revote is tied again at %n votes — no one is eliminated.</numerusform>
        </translation>
    </message>
    <message>
        <source>No votes were cast in the PK revote — no one is eliminated.</source>
        <translation>No votes were cast in the PK revote — no one is eliminated.</translation>
    </message>
    <message>
        <source>Game over: a draw — day %1 was the last, and no side has won.</source>
        <translation>Game over: a draw — day %1 was the last, and no side has won.</translation>
    </message>
    <message>
        <source>Game over: a draw.</source>
        <translation>Game over: a draw.</translation>
    </message>
    <message>
        <source>The wolves went for %1, but the witch&apos;s antidote saved them.</source>
        <translation>The wolves went for %1, but the witch&apos;s antidote saved them.</translation>
    </message>
    <message>
        <source>The wolves went for %1; the antidote and the doctor&apos;s watch cancelled out.</source>
        <translation>The wolves went for %1; the antidote and the doctor&apos;s watch cancelled out.</translation>
    </message>
    <message>
        <source>The witch poisoned %1.</source>
        <translation>The witch poisoned %1.</translation>
    </message>
    <message>
        <source>The wolves settle on %1; the witch&apos;s turn comes next.</source>
        <translation>The wolves settle on %1; the witch&apos;s turn comes next.</translation>
    </message>
    <message>
        <source>WOLVES</source>
        <translation>WOLVES</translation>
    </message>
    <message>
        <source>The witch %1 wakes, not told the wolves&apos; victim.</source>
        <translation>The witch %1 wakes, not told the wolves&apos; victim.</translation>
    </message>
    <message>
        <source>The witch %1 wakes: the wolves chose %2.</source>
        <translation>The witch %1 wakes: the wolves chose %2.</translation>
    </message>
    <message>
        <source>Antidote: %1 · poison: %2.</source>
        <translation>Antidote: %1 · poison: %2.</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>yes</translation>
    </message>
    <message>
        <source>used</source>
        <translation>used</translation>
    </message>
    <message>
        <source>WITCH</source>
        <translation>WITCH</translation>
    </message>
    <message>
        <source>The witch %1 pours the antidote for %2.</source>
        <translation>The witch %1 pours the antidote for %2.</translation>
    </message>
    <message>
        <source>The witch %1 poisons %2.</source>
        <translation>The witch %1 poisons %2.</translation>
    </message>
    <message>
        <source>The witch %1 uses no potion tonight.</source>
        <translation>The witch %1 uses no potion tonight.</translation>
    </message>
    <message>
        <source>The hunter %1 fires a last shot at %2.</source>
        <translation>The hunter %1 fires a last shot at %2.</translation>
    </message>
    <message>
        <source>The hunter %1 did not shoot in time.</source>
        <translation>The hunter %1 did not shoot in time.</translation>
    </message>
    <message>
        <source>The hunter %1 lowers the gun and shoots no one.</source>
        <translation>The hunter %1 lowers the gun and shoots no one.</translation>
    </message>
    <message>
        <source>HUNTER</source>
        <translation>HUNTER</translation>
    </message>
    <message>
        <source>The host set the timers to ×%1.</source>
        <translation>The host set the timers to ×%1.</translation>
    </message>
</context>
<context>
    <name>townhall::ui::UiText</name>
    <message>
        <source>Lobby</source>
        <translation>Lobby</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>Night</translation>
    </message>
    <message>
        <source>Dawn</source>
        <translation>Dawn</translation>
    </message>
    <message>
        <source>Opening statements</source>
        <translation>Opening statements</translation>
    </message>
    <message>
        <source>Discussion</source>
        <translation>Discussion</translation>
    </message>
    <message>
        <source>Vote</source>
        <translation>Vote</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Resolution</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Game over</translation>
    </message>
    <message>
        <source>Villager</source>
        <translation>Villager</translation>
    </message>
    <message>
        <source>Werewolf</source>
        <translation>Werewolf</translation>
    </message>
    <message>
        <source>Seer</source>
        <translation>Seer</translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation>Doctor</translation>
    </message>
    <message>
        <source>Werewolves</source>
        <translation>Werewolves</translation>
    </message>
    <message>
        <source>Villagers</source>
        <translation>Villagers</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>opening</translation>
    </message>
    <message>
        <source>discussion</source>
        <translation>discussion</translation>
    </message>
    <message>
        <source>defense</source>
        <translation>defense</translation>
    </message>
    <message>
        <source>last words</source>
        <translation>last words</translation>
    </message>
    <message>
        <source>Accusation</source>
        <translation>Accusation</translation>
    </message>
    <message>
        <source>Seer claim</source>
        <translation>Seer claim</translation>
    </message>
    <message>
        <source>Counterclaim</source>
        <translation>Counterclaim</translation>
    </message>
    <message>
        <source>Contradiction</source>
        <translation>Contradiction</translation>
    </message>
    <message>
        <source>Vote flip</source>
        <translation>Vote flip</translation>
    </message>
    <message>
        <source>Doctor save</source>
        <translation>Doctor save</translation>
    </message>
    <message>
        <source>Wolf on wolf</source>
        <translation>Wolf on wolf</translation>
    </message>
    <message>
        <source>Fake claim</source>
        <translation>Fake claim</translation>
    </message>
    <message numerus="yes">
        <source>%n vote(s)</source>
        <translation>
            <numerusform>%n vote</numerusform>
            <numerusform>%n votes</numerusform>
        </translation>
    </message>
    <message>
        <source>zero</source>
        <translation>zero</translation>
    </message>
    <message>
        <source>one</source>
        <translation>one</translation>
    </message>
    <message>
        <source>two</source>
        <translation>two</translation>
    </message>
    <message>
        <source>three</source>
        <translation>three</translation>
    </message>
    <message>
        <source>four</source>
        <translation>four</translation>
    </message>
    <message>
        <source>five</source>
        <translation>five</translation>
    </message>
    <message>
        <source>six</source>
        <translation>six</translation>
    </message>
    <message>
        <source>seven</source>
        <translation>seven</translation>
    </message>
    <message>
        <source>eight</source>
        <translation>eight</translation>
    </message>
    <message>
        <source>nine</source>
        <translation>nine</translation>
    </message>
    <message>
        <source>ten</source>
        <translation>ten</translation>
    </message>
    <message>
        <source>eleven</source>
        <translation>eleven</translation>
    </message>
    <message>
        <source>twelve</source>
        <translation>twelve</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>separates the items of a list but the last (&quot;A, B and C&quot;)</extracomment>
        <translation>, </translation>
    </message>
    <message>
        <source> and </source>
        <extracomment>separates the last two items of a list (&quot;A, B and C&quot;)</extracomment>
        <translation> and </translation>
    </message>
    <message>
        <source>Witch</source>
        <translation>Witch</translation>
    </message>
    <message>
        <source>Hunter&apos;s shot</source>
        <translation>Hunter&apos;s shot</translation>
    </message>
    <message>
        <source>PK defence</source>
        <translation>PK defence</translation>
    </message>
    <message>
        <source>PK revote</source>
        <translation>PK revote</translation>
    </message>
    <message>
        <source>Hunter</source>
        <translation>Hunter</translation>
    </message>
    <message>
        <source>Witch&apos;s potion</source>
        <translation>Witch&apos;s potion</translation>
    </message>
    <message>
        <source>PK</source>
        <translation>PK</translation>
    </message>
    <message>
        <source>Deadly night</source>
        <translation>Deadly night</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>Draw</translation>
    </message>
</context>
<context>
    <name>townhall::ui::VoteTallyModel</name>
    <message>
        <source>Abstained</source>
        <translation>Abstained</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n vote(s) (%2)</source>
        <translation>
            <numerusform>%1: %n vote (%2)</numerusform>
            <numerusform>%1: %n votes (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Target</translation>
    </message>
    <message>
        <source>Votes</source>
        <translation>Votes</translation>
    </message>
    <message>
        <source>Voters</source>
        <translation>Voters</translation>
    </message>
    <message numerus="yes">
        <source>First round: tied at %n vote(s) — %1</source>
        <translation>
            <numerusform>First round: tied at %n vote — %1</numerusform>
            <numerusform>First round: tied at %n votes — %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>townhall::ui::VoteTallyView</name>
    <message>
        <source>Vote tally</source>
        <translation>Vote tally</translation>
    </message>
    <message>
        <source>No vote yet</source>
        <translation>No vote yet</translation>
    </message>
    <message>
        <source>Day %1 vote: %2 of %3 voted</source>
        <translation>Day %1 vote: %2 of %3 voted</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n</source>
        <translation>
            <numerusform>%1: %n</numerusform>
            <numerusform>%1: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Tie — no one is eliminated</source>
        <translation>Tie — no one is eliminated</translation>
    </message>
    <message>
        <source>Tied at %1</source>
        <translation>Tied at %1</translation>
    </message>
    <message>
        <source>%1 is eliminated</source>
        <translation>%1 is eliminated</translation>
    </message>
    <message>
        <source>No vote yet today.
The tally fills in live when the town votes.</source>
        <translation>No vote yet today.
The tally fills in live when the town votes.</translation>
    </message>
    <message>
        <source>Day %1 vote — result</source>
        <translation>Day %1 vote — result</translation>
    </message>
    <message>
        <source>Day %1 vote</source>
        <translation>Day %1 vote</translation>
    </message>
    <message>
        <source>● LIVE  %1/%2 voted</source>
        <translation>● LIVE  %1/%2 voted</translation>
    </message>
    <message>
        <source>%1/%2 voted</source>
        <translation>%1/%2 voted</translation>
    </message>
    <message>
        <source>Most votes is out · majority mark at %1 · a tie saves everyone</source>
        <translation>Most votes is out · majority mark at %1 · a tie saves everyone</translation>
    </message>
    <message>
        <source>TIE at %1 — no one is eliminated</source>
        <translation>TIE at %1 — no one is eliminated</translation>
    </message>
    <message>
        <source>TIED at %1 — nobody goes if it stays this way</source>
        <translation>TIED at %1 — nobody goes if it stays this way</translation>
    </message>
    <message>
        <source>Still to vote: %1</source>
        <translation>Still to vote: %1</translation>
    </message>
    <message>
        <source>Day %1 PK revote — result</source>
        <translation>Day %1 PK revote — result</translation>
    </message>
    <message>
        <source>Day %1 PK revote</source>
        <translation>Day %1 PK revote</translation>
    </message>
    <message>
        <source>PK revote: only %1 can be voted for · a second tie saves everyone</source>
        <translation>PK revote: only %1 can be voted for · a second tie saves everyone</translation>
    </message>
    <message>
        <source>Most votes is out · majority mark at %1 · a tie goes to the PK (a defence each, then a revote)</source>
        <translation>Most votes is out · majority mark at %1 · a tie goes to the PK (a defence each, then a revote)</translation>
    </message>
    <message>
        <source>TIE at %1 — to the PK: %2</source>
        <translation>TIE at %1 — to the PK: %2</translation>
    </message>
    <message>
        <source>TIED at %1 — a PK if it stays this way</source>
        <translation>TIED at %1 — a PK if it stays this way</translation>
    </message>
</context>
<context>
    <name>townhall::ui::WatchWindow</name>
    <message>
        <source>Town Hall — watching %1</source>
        <translation>Town Hall — watching %1</translation>
    </message>
    <message>
        <source>Watching a host</source>
        <translation>Watching a host</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Connection</translation>
    </message>
    <message>
        <source>Address of the host&apos;s spectator feed (ws://, wss:// or host:port):</source>
        <translation>Address of the host&apos;s spectator feed (ws://, wss:// or host:port):</translation>
    </message>
    <message>
        <source>Watch a host</source>
        <translation>Watch a host</translation>
    </message>
</context>
</TS>
