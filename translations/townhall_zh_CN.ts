<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AppKeySource</name>
    <message>
        <source>The key of &quot;%1&quot; was not kept: no system keychain answered. Name an environment variable that holds it in &quot;Key variable&quot; instead.</source>
        <translation>“%1”的密钥未能保存：没有系统钥匙串响应。请改为在“密钥变量”中填写保存该密钥的环境变量名。</translation>
    </message>
    <message>
        <source>no key of &quot;%1&quot; could be read: no system keychain answered. Type the key in &quot;API key&quot; (Models → Model providers…) where a keychain runs, or name an environment variable that holds it in &quot;Key variable&quot;</source>
        <translation>无法读取“%1”的密钥：没有系统钥匙串响应。请在有钥匙串的机器上于“API 密钥”中输入密钥（模型 → 模型提供方…），或在“密钥变量”中填写保存该密钥的环境变量名</translation>
    </message>
</context>
<context>
    <name>CallLog</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a Town Hall calls file (not an SQLite database); it is left as it is</source>
        <translation>%1 不是 Town Hall 调用记录文件（不是 SQLite 数据库）；已保持原样</translation>
    </message>
    <message>
        <source>%1 is not a readable Town Hall calls file: %2</source>
        <translation>%1 不是可读取的 Town Hall 调用记录文件：%2</translation>
    </message>
    <message>
        <source>%1 is not a Town Hall calls file (another program&apos;s database); it is left as it is</source>
        <translation>%1 不是 Town Hall 调用记录文件（属于其他程序的数据库）；已保持原样</translation>
    </message>
    <message>
        <source>%1 was written by a newer Town Hall (calls layout %2, this version knows %3)</source>
        <translation>%1 由更新版本的 Town Hall 写入（调用记录格式 %2，本版本只认识 %3）</translation>
    </message>
    <message>
        <source>%1 exists but is not a file</source>
        <translation>%1 已存在，但不是文件</translation>
    </message>
    <message>
        <source>cannot create the directory %1</source>
        <translation>无法创建目录 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n recorded call(s) not written to %1: the writer is behind</source>
        <translation>
            <numerusform>有 %n 条已记录的调用未写入 %1：写入线程跟不上</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>recorded calls not written to %1: %2</source>
        <translation>已记录的调用未写入 %1：%2</translation>
    </message>
    <message>
        <source>%1 holds a damaged recorded call of match %2</source>
        <translation>%1 中有一条对局 %2 的已记录调用已损坏</translation>
    </message>
</context>
<context>
    <name>Providers</name>
    <message>
        <source>expected an object, found %1</source>
        <translation>应为对象，实际为 %1</translation>
    </message>
    <message>
        <source>keys are not read from files; put the key in an environment variable and name it in apiKeyEnv</source>
        <translation>不会从文件中读取密钥；请把密钥放入环境变量，并在 apiKeyEnv 中写明该变量名</translation>
    </message>
    <message>
        <source>unknown key, ignored</source>
        <translation>未知的键，已忽略</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation>应为字符串，实际为 %1</translation>
    </message>
    <message>
        <source>expected a number, found %1</source>
        <translation>应为数字，实际为 %1</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>不能为负数</translation>
    </message>
    <message>
        <source>unknown kind &quot;%1&quot; (expected &quot;openai&quot; or &quot;anthropic&quot;)</source>
        <translation>未知的类型“%1”（应为 &quot;openai&quot; 或 &quot;anthropic&quot;）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http or https URL</source>
        <translation>“%1”不是 http 或 https URL</translation>
    </message>
    <message>
        <source>must not carry credentials or a query; name the key in apiKeyEnv</source>
        <translation>不能包含凭据或查询参数；请在 apiKeyEnv 中写明存放密钥的环境变量</translation>
    </message>
    <message>
        <source>must be between 0 and 2</source>
        <translation>必须介于 0 到 2 之间</translation>
    </message>
    <message>
        <source>expected a whole number from 1 to 1000000</source>
        <translation>应为 1 到 1000000 之间的整数</translation>
    </message>
    <message>
        <source>expected 1 to 3600 seconds</source>
        <translation>应为 1 到 3600 秒</translation>
    </message>
    <message>
        <source>the environment variable %1 is not set; requests to &quot;%2&quot; go without a key</source>
        <translation>环境变量 %1 未设置；发往“%2”的请求将不带密钥</translation>
    </message>
    <message>
        <source>no system keychain is available (%1); put the key in an environment variable and name it in the profile&apos;s apiKeyEnv</source>
        <translation>没有可用的系统钥匙串（%1）；请把密钥放入环境变量，并在提供方配置的 apiKeyEnv 中写明该变量名</translation>
    </message>
    <message>
        <source>it did not answer</source>
        <translation>它没有响应</translation>
    </message>
    <message>
        <source>the keychain refused to read the key of &quot;%1&quot;: %2</source>
        <translation>钥匙串拒绝读取“%1”的密钥：%2</translation>
    </message>
    <message>
        <source>the keychain refused to store the key of &quot;%1&quot;: %2</source>
        <translation>钥匙串拒绝保存“%1”的密钥：%2</translation>
    </message>
    <message>
        <source>the keychain refused to forget the key of &quot;%1&quot;: %2</source>
        <translation>钥匙串拒绝删除“%1”的密钥：%2</translation>
    </message>
    <message>
        <source>the arguments are a JSON %1, not an object</source>
        <translation>参数是 JSON %1，而不是对象</translation>
    </message>
    <message>
        <source>the arguments are not JSON</source>
        <translation>参数不是 JSON</translation>
    </message>
    <message>
        <source>The answer from %1 is not what the protocol promises: %2.</source>
        <translation>%1 返回的响应不符合协议约定：%2。</translation>
    </message>
    <message>
        <source>no choices</source>
        <translation>缺少 choices</translation>
    </message>
    <message>
        <source>the first choice has no message</source>
        <translation>第一个 choice 中没有 message</translation>
    </message>
    <message>
        <source>the call has no function name</source>
        <translation>该调用没有函数名</translation>
    </message>
    <message>
        <source>no content array</source>
        <translation>缺少 content 数组</translation>
    </message>
    <message>
        <source>The model &quot;%1&quot; cannot call tools through %2%3; pick a model or server configuration with tool support.</source>
        <translation>模型“%1”无法通过 %2 调用工具%3；请选择支持工具调用的模型或服务器配置。</translation>
    </message>
    <message>
        <source>%1 asks for an API key (HTTP %2) and the profile names none%3.</source>
        <translation>%1 要求提供 API 密钥（HTTP %2），但提供方配置中没有指定密钥%3。</translation>
    </message>
    <message>
        <source>%1 asks for an API key (HTTP %2) and the environment variable %3 is empty or unset%4.</source>
        <translation>%1 要求提供 API 密钥（HTTP %2），但环境变量 %3 为空或未设置%4。</translation>
    </message>
    <message>
        <source>%1 refused the API key (HTTP %2)%3.</source>
        <translation>%1 拒绝了该 API 密钥（HTTP %2）%3。</translation>
    </message>
    <message>
        <source>%1 says the account has no credit left (HTTP 402)%2.</source>
        <translation>%1 表示账户余额已用尽（HTTP 402）%2。</translation>
    </message>
    <message>
        <source>%1 does not offer the model &quot;%2&quot;%3.</source>
        <translation>%1 不提供模型“%2”%3。</translation>
    </message>
    <message>
        <source>Nothing answers at %1 (HTTP 404); check the base URL (OpenAI-compatible servers usually end in /v1).</source>
        <translation>%1 处没有可应答的接口（HTTP 404）；请检查基础 URL（OpenAI 兼容服务器的地址通常以 /v1 结尾）。</translation>
    </message>
    <message>
        <source>%1 gave up waiting for the request (HTTP 408)%2.</source>
        <translation>%1 等待请求超时，已放弃（HTTP 408）%2。</translation>
    </message>
    <message>
        <source>%1 says the account&apos;s quota is used up; waiting will not help%2.</source>
        <translation>%1 表示账户配额已用完，等待也无济于事%2。</translation>
    </message>
    <message>
        <source>%1 is rate limiting us; it asks to retry in %2 s%3.</source>
        <translation>%1 正在对我们限流；它要求在 %2 秒后重试%3。</translation>
    </message>
    <message>
        <source>%1 is rate limiting us%2.</source>
        <translation>%1 正在对我们限流%2。</translation>
    </message>
    <message>
        <source>%1 failed with HTTP %2%3.</source>
        <translation>%1 出错，返回 HTTP %2%3。</translation>
    </message>
    <message>
        <source>%1 refused the request with HTTP %2%3.</source>
        <translation>%1 拒绝了请求，返回 HTTP %2%3。</translation>
    </message>
    <message>
        <source>The model called &quot;%1&quot; (call %2) but %3: %4</source>
        <translation>模型调用了“%1”（调用 %2），但%3：%4</translation>
    </message>
    <message>
        <source>The model spent its whole budget of %1 output tokens on reasoning and wrote no answer; raise maxTokens or lower its reasoning effort.</source>
        <translation>模型把全部 %1 个输出词元的预算都用在了推理上，没有写出回答；请提高 maxTokens 或降低其推理强度。</translation>
    </message>
    <message>
        <source>The model reached its limit of %1 output tokens without writing an answer; raise maxTokens.</source>
        <translation>模型已达到 %1 个输出词元的上限，仍未写出回答；请提高 maxTokens。</translation>
    </message>
    <message>
        <source>The model declined to answer (%1).</source>
        <translation>模型拒绝回答（%1）。</translation>
    </message>
    <message>
        <source>The model answered with neither text nor a tool call (finish reason &quot;%1&quot;).</source>
        <translation>模型的回答既没有文本，也没有工具调用（结束原因“%1”）。</translation>
    </message>
    <message>
        <source>the body is not JSON (%1)</source>
        <translation>响应体不是 JSON（%1）</translation>
    </message>
    <message>
        <source>no model list (%1)</source>
        <translation>没有模型列表（%1）</translation>
    </message>
    <message>
        <source>The answer from %1 exceeded %2 MiB and was cut off.</source>
        <translation>%1 的响应超过 %2 MiB，已被截断。</translation>
    </message>
    <message>
        <source>No complete answer from %1 within %2 s.</source>
        <translation>%1 在 %2 秒内没有返回完整的响应。</translation>
    </message>
    <message>
        <source>The host name &quot;%1&quot; does not resolve; check the base URL.</source>
        <translation>无法解析主机名“%1”；请检查基础 URL。</translation>
    </message>
    <message>
        <source>Nothing accepts connections at %1; is the server running?</source>
        <translation>%1 上没有服务接受连接；服务器是否在运行？</translation>
    </message>
    <message>
        <source>The connection to %1 failed: %2.</source>
        <translation>连接 %1 失败：%2。</translation>
    </message>
    <message>
        <source>The request to %1 was dropped before it finished.</source>
        <translation>发往 %1 的请求在完成前被中断。</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> 等另外 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server lists %n model(s).</source>
        <translation>
            <numerusform>服务器列出了 %n 个模型。</numerusform>
        </translation>
    </message>
    <message>
        <source>The model &quot;%1&quot; is among them.</source>
        <translation>其中包括模型“%1”。</translation>
    </message>
    <message>
        <source>The server lists no models; trying &quot;%1&quot; anyway.</source>
        <translation>服务器未列出任何模型；仍将尝试“%1”。</translation>
    </message>
    <message>
        <source>The server does not list &quot;%1&quot; (it lists %2); trying it anyway.</source>
        <translation>服务器未列出“%1”（它列出的是 %2）；仍将尝试。</translation>
    </message>
    <message>
        <source>The model answered in text instead of calling a tool; it may not support tools through this server (it said: %1).</source>
        <translation>模型以文本作答，而没有调用工具；它可能无法通过此服务器使用工具（它的回答：%1）。</translation>
    </message>
    <message>
        <source>The model called %1 in %2 ms.</source>
        <translation>模型在 %2 毫秒内调用了 %1。</translation>
    </message>
    <message>
        <source>expected an object of named providers, found %1</source>
        <translation>应为以名称为键的提供方对象，实际为 %1</translation>
    </message>
    <message>
        <source>a provider needs a non-empty name</source>
        <translation>提供方名称不能为空</translation>
    </message>
    <message>
        <source>expected an array, found %1</source>
        <translation>应为数组，实际为 %1</translation>
    </message>
    <message>
        <source>%1 seats, but a match has at most %2</source>
        <translation>共 %1 个座位，但一局最多只有 %2 个</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names another seat already</source>
        <translation>“%1”已是另一个座位的名字</translation>
    </message>
    <message>
        <source>expected true or false, found %1</source>
        <translation>应为 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <source>a bot seat takes no provider</source>
        <translation>机器人座位不能指定提供方</translation>
    </message>
    <message>
        <source>unknown provider &quot;%1&quot; (the file defines none)</source>
        <translation>未知的提供方“%1”（该文件未定义任何提供方）</translation>
    </message>
    <message>
        <source>unknown provider &quot;%1&quot; (known: %2)</source>
        <translation>未知的提供方“%1”（已定义：%2）</translation>
    </message>
    <message>
        <source>missing, and provider &quot;%1&quot; names no model</source>
        <translation>缺失，且提供方“%1”也未指定模型</translation>
    </message>
    <message>
        <source>the file is not valid JSON</source>
        <translation>该文件不是有效的 JSON</translation>
    </message>
    <message>
        <source>the file must hold a JSON object, not %1</source>
        <translation>该文件必须包含 JSON 对象，而不是 %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>expected an http:// or https:// URL, found &quot;%1&quot;</source>
        <translation>应为 http:// 或 https:// 地址，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be one line</source>
        <translation>必须为单行</translation>
    </message>
    <message>
        <source>expected a whole number, found %1</source>
        <translation>应为整数，实际为 %1</translation>
    </message>
    <message>
        <source>must be between 1000 and 60000, found %1</source>
        <translation>必须在 1000 到 60000 之间，实际为 %1</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>未知的键</translation>
    </message>
    <message>
        <source>a push seat takes neither &quot;bot&quot; nor a provider</source>
        <translation>推送座位不能同时设置 &quot;bot&quot; 或提供方</translation>
    </message>
    <message>
        <source>needs a provider, &quot;bot&quot;: true, &quot;human&quot;: true or &quot;push&quot;</source>
        <translation>需要提供方、&quot;bot&quot;: true、&quot;human&quot;: true 或 &quot;push&quot;</translation>
    </message>
    <message>
        <source>a person&apos;s seat takes neither &quot;bot&quot;, &quot;push&quot; nor a provider</source>
        <translation>玩家座位不能设置 &quot;bot&quot;、&quot;push&quot; 或提供方</translation>
    </message>
    <message>
        <source>nested deeper than %1 levels</source>
        <translation>嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>the arguments are %1</source>
        <translation>参数是 %1</translation>
    </message>
    <message>
        <source>the body is %1</source>
        <translation>响应体是 %1</translation>
    </message>
    <message>
        <source>The provider redirected to %1; Town Hall does not send your key to another origin.</source>
        <translation>提供方重定向到了 %1；Town Hall 不会把你的密钥发送到其他来源。</translation>
    </message>
    <message>
        <source>The provider redirected to %1; Town Hall follows no redirects, so put that address in the base URL.</source>
        <translation>提供方重定向到了 %1；Town Hall 不跟随重定向，请把该地址填入基础 URL。</translation>
    </message>
    <message>
        <source>the file nests deeper than %1 levels</source>
        <translation>该文件嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>%1 is larger than %2 KiB; a seats file is a few KiB</source>
        <translation>%1 大于 %2 KiB；座位文件通常只有几 KiB</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>是(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>否(&amp;N)</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
</context>
<context>
    <name>Seating</name>
    <message>
        <source>seat %1 plays with the provider &quot;%2&quot;, which is not defined</source>
        <translation>座位 %1 使用的提供方“%2”未定义</translation>
    </message>
    <message>
        <source>seat %1 names no model, and neither does its provider &quot;%2&quot;</source>
        <translation>座位 %1 未指定模型，其提供方“%2”也未指定</translation>
    </message>
    <message>
        <source>%1 seats, but a table has %2</source>
        <translation>共 %1 个座位，但一桌只有 %2 个</translation>
    </message>
    <message>
        <source>seat %1: %2</source>
        <translation>座位 %1：%2</translation>
    </message>
    <message>
        <source>seat %1 could not join the queue</source>
        <translation>座位 %1 无法加入队列</translation>
    </message>
    <message>
        <source>provider &quot;%1&quot;: %2</source>
        <translation>提供方“%1”：%2</translation>
    </message>
    <message>
        <source>there is no queue %1</source>
        <translation>没有名为 %1 的队列</translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <source>stored event %1 is damaged (type, audience or payload)</source>
        <translation>已存储的事件 %1 已损坏（类型、受众或内容有误）</translation>
    </message>
    <message>
        <source>%1 was opened read-only</source>
        <translation>%1 以只读方式打开</translation>
    </message>
    <message>
        <source>cannot append events: there is no match %1</source>
        <translation>无法追加事件：不存在对局 %1</translation>
    </message>
    <message>
        <source>event %1 (match %2, seq %3) does not follow the stored log of %4, which needs seq %5 next</source>
        <translation>事件 %1（对局 %2，序号 %3）与 %4 已存储的日志不衔接，下一个应为序号 %5</translation>
    </message>
    <message>
        <source>the rows of %1 describe seq %2 but its stored log ends at %3 (events missing from the batch?)</source>
        <translation>%1 的记录对应序号 %2，但其已存储的日志止于 %3（批次中缺少事件？）</translation>
    </message>
    <message>
        <source>%1 is not a usable SQLite database (%2). Town Hall does not modify it; move it away or choose another file with --db.</source>
        <translation>%1 不是可用的 SQLite 数据库（%2）。市政厅不会修改它；请将其移走，或用 --db 选择其他文件。</translation>
    </message>
    <message>
        <source>%1 is an SQLite database of another program (application id 0x%2, %3 schema objects). Town Hall does not modify it; choose another file with --db.</source>
        <translation>%1 是其他程序的 SQLite 数据库（应用标识 0x%2，%3 个架构对象）。市政厅不会修改它；请用 --db 选择其他文件。</translation>
    </message>
    <message>
        <source>integrity check: %1</source>
        <translation>完整性检查：%1</translation>
    </message>
    <message>
        <source>it has Town Hall&apos;s application id but no schema_version table</source>
        <translation>它带有市政厅的应用标识，却没有 schema_version 表</translation>
    </message>
    <message>
        <source>its schema_version table is empty</source>
        <translation>它的 schema_version 表为空</translation>
    </message>
    <message>
        <source>%1 was written by a newer Town Hall (schema version %2; this build knows up to %3). Update Town Hall; the file is left as it is.</source>
        <translation>%1 由更新版本的市政厅写入（架构版本 %2；本版本最高支持 %3）。请更新市政厅；该文件保持原样。</translation>
    </message>
    <message>
        <source>no database path given</source>
        <translation>未指定数据库路径</translation>
    </message>
    <message>
        <source>%1 exists but is not a file</source>
        <translation>%1 已存在，但不是文件</translation>
    </message>
    <message>
        <source>there is no database at %1</source>
        <translation>%1 处没有数据库</translation>
    </message>
    <message>
        <source>cannot create the directory %1 for the database</source>
        <translation>无法为数据库创建目录 %1</translation>
    </message>
    <message>
        <source>%1 is not readable</source>
        <translation>%1 不可读</translation>
    </message>
    <message>
        <source>%1 is read-only. Fix its permissions or choose another file with --db.</source>
        <translation>%1 是只读的。请修改其权限，或用 --db 选择其他文件。</translation>
    </message>
    <message>
        <source>the directory %1 is not writable (the database needs its -wal and -shm files there). Choose another place with --db.</source>
        <translation>目录 %1 不可写（数据库需要在那里存放 -wal 和 -shm 文件）。请用 --db 选择其他位置。</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver (QSQLITE) is not available; install the package libqt6sql6-sqlite</source>
        <translation>Qt 的 SQLite 驱动（QSQLITE）不可用；请安装软件包 libqt6sql6-sqlite</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>%1 has schema version %2 and needs migrating to %3; open it once without read-only</source>
        <translation>%1 的架构版本为 %2，需要迁移到 %3；请以非只读方式打开一次</translation>
    </message>
    <message>
        <source>%1: upgrading the schema from version %2 to %3 failed and was rolled back: %4</source>
        <translation>%1：将架构从版本 %2 升级到 %3 失败，已回滚：%4</translation>
    </message>
    <message>
        <source>%1: SQLite refused WAL mode (journal mode is %2)</source>
        <translation>%1：SQLite 拒绝了 WAL 模式（日志模式为 %2）</translation>
    </message>
    <message>
        <source>a batch entry for %1 carries the rows of %2</source>
        <translation>%1 的批次条目带有 %2 的记录</translation>
    </message>
    <message>
        <source>read the lobby journal</source>
        <translation>读取大厅日志</translation>
    </message>
    <message>
        <source>lobby journal record %1 is damaged</source>
        <translation>大厅日志记录 %1 已损坏</translation>
    </message>
    <message>
        <source>list matches</source>
        <translation>列出对局</translation>
    </message>
    <message>
        <source>there is no match %1</source>
        <translation>不存在对局 %1</translation>
    </message>
    <message>
        <source>list unfinished matches</source>
        <translation>列出未完成的对局</translation>
    </message>
    <message>
        <source>its row describes seq %1 but the log ends at %2</source>
        <translation>其记录对应序号 %1，但日志止于 %2</translation>
    </message>
    <message>
        <source>the replay&apos;s state hash %1 differs from the stored %2</source>
        <translation>回放得到的状态哈希 %1 与存储的 %2 不一致</translation>
    </message>
    <message>
        <source>read the buildings</source>
        <translation>读取建筑</translation>
    </message>
    <message>
        <source>an agent name must be 1 to 64 characters</source>
        <translation>智能体名称必须为 1 到 64 个字符</translation>
    </message>
    <message>
        <source>an agent named &quot;%1&quot; already exists; revoke it first or pick another name</source>
        <translation>名为“%1”的智能体已存在；请先将其吊销，或换一个名称</translation>
    </message>
    <message>
        <source>unknown or revoked agent token</source>
        <translation>未知或已吊销的智能体令牌</translation>
    </message>
    <message>
        <source>list agents</source>
        <translation>列出智能体</translation>
    </message>
    <message>
        <source>no active agent with id or name &quot;%1&quot;</source>
        <translation>没有标识或名称为“%1”的有效智能体</translation>
    </message>
    <message>
        <source>match %1 already exists in %2; nothing was imported</source>
        <translation>对局 %1 已存在于 %2 中；未导入任何内容</translation>
    </message>
    <message>
        <source>line %1: not valid JSON</source>
        <translation>第 %1 行：不是有效的 JSON</translation>
    </message>
    <message>
        <source>line %1: not an event: %2</source>
        <translation>第 %1 行：不是事件：%2</translation>
    </message>
    <message>
        <source>line %1: event of match %2 in the log of match %3</source>
        <translation>第 %1 行：对局 %3 的日志中出现了对局 %2 的事件</translation>
    </message>
    <message>
        <source>duplicate or out of order</source>
        <translation>重复或顺序错误</translation>
    </message>
    <message>
        <source>gap</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>line %1: seq %2 where %3 was expected (%4)</source>
        <translation>第 %1 行：序号为 %2，应为 %3（%4）</translation>
    </message>
    <message>
        <source>the log holds no events</source>
        <translation>日志中没有事件</translation>
    </message>
    <message>
        <source>the events do not replay: %1</source>
        <translation>事件无法回放：%1</translation>
    </message>
    <message>
        <source>the match has no events</source>
        <translation>该对局没有事件</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither an event id of %2 nor a sequence number</source>
        <translation>“%1”既不是 %2 的事件标识，也不是序号</translation>
    </message>
    <message>
        <source>%1 has %2 events; there is no event %3</source>
        <translation>%1 共有 %2 个事件；不存在事件 %3</translation>
    </message>
    <message>
        <source>the disk or the database size limit is full (%1)</source>
        <translation>磁盘或数据库容量上限已满（%1）</translation>
    </message>
    <message>
        <source>a recorded response does not decompress</source>
        <translation>一条已记录的响应无法解压</translation>
    </message>
    <message>
        <source>a recorded response cannot be restored</source>
        <translation>一条已记录的响应无法还原</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver uses SQLite %1, but Town Hall links SQLite %2; both must be the system&apos;s libsqlite3</source>
        <translation>Qt 的 SQLite 驱动使用 SQLite %1，而 Town Hall 链接的是 SQLite %2；两者都必须是系统的 libsqlite3</translation>
    </message>
    <message>
        <source>cannot open a checkpoint connection to %1: %2</source>
        <translation>无法为检查点打开到 %1 的连接：%2</translation>
    </message>
    <message>
        <source>cannot read %1 for checkpoints: %2</source>
        <translation>无法读取 %1 以进行检查点：%2</translation>
    </message>
    <message>
        <source>modelSeat is not an object</source>
        <translation>modelSeat 不是对象</translation>
    </message>
    <message>
        <source>modelSeat.%1 is missing or not a string</source>
        <translation>modelSeat.%1 缺失或不是字符串</translation>
    </message>
    <message>
        <source>modelSeat.%1 is missing or not an object</source>
        <translation>modelSeat.%1 缺失或不是对象</translation>
    </message>
    <message>
        <source>modelSeat.profile holds an API key; keys are never imported</source>
        <translation>modelSeat.profile 中含有 API 密钥；密钥一律不会导入</translation>
    </message>
    <message>
        <source>modelSeat.notes is missing or not an array</source>
        <translation>modelSeat.notes 缺失或不是数组</translation>
    </message>
    <message>
        <source>modelSeat.notes[%1] is not a note (n, at, day, phase, kind, text)</source>
        <translation>modelSeat.notes[%1] 不是笔记（n、at、day、phase、kind、text）</translation>
    </message>
    <message>
        <source>modelSeat.notes[%1]: note %2 is out of order</source>
        <translation>modelSeat.notes[%1]：笔记 %2 顺序错误</translation>
    </message>
    <message>
        <source>the stored profile or counts of model seat %1 of %2 are damaged</source>
        <translation>%2 中模型座位 %1 的已存储配置或计数已损坏</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>read the queued model seats</source>
        <translation>读取排队中的模型座位</translation>
    </message>
    <message>
        <source>a model seat of match %1 in the log of match %2</source>
        <translation>对局 %2 的日志中出现了对局 %1 的模型座位</translation>
    </message>
    <message>
        <source>model seat %1 (%2) is not a seat of %3</source>
        <translation>模型座位 %1（%2）不是 %3 的座位</translation>
    </message>
    <message>
        <source>model seat %1 comes twice</source>
        <translation>模型座位 %1 出现了两次</translation>
    </message>
    <message>
        <source>a tournament match&apos;s log does not decompress</source>
        <translation>锦标赛对局的日志无法解压</translation>
    </message>
    <message>
        <source>the tournament schedules no match</source>
        <translation>该锦标赛没有安排任何对局</translation>
    </message>
    <message>
        <source>tournament %1&apos;s stored file does not parse: %2</source>
        <translation>锦标赛 %1 存储的文件无法解析：%2</translation>
    </message>
    <message>
        <source>tournament %1 has participants that are not built-in bots; it plays live</source>
        <translation>锦标赛 %1 有非内置机器人的参赛者；它以实时方式进行</translation>
    </message>
    <message>
        <source>tournament %1&apos;s match %2 has a schedule entry that does not parse</source>
        <translation>锦标赛 %1 的第 %2 场对局的赛程条目无法解析</translation>
    </message>
    <message>
        <source>tournament %1 has no played match %2</source>
        <translation>锦标赛 %1 没有已完成的对局 %2</translation>
    </message>
    <message>
        <source>read the tournaments</source>
        <translation>读取锦标赛</translation>
    </message>
    <message>
        <source>tournament %1 already exists</source>
        <translation>锦标赛 %1 已存在</translation>
    </message>
    <message>
        <source>no tournament %1</source>
        <translation>没有锦标赛 %1</translation>
    </message>
    <message>
        <source>tournament %1 has no match %2</source>
        <translation>锦标赛 %1 没有对局 %2</translation>
    </message>
    <message>
        <source>tournament %1 has matches this host cannot claim</source>
        <translation>锦标赛 %1 有本主机无法认领的对局</translation>
    </message>
    <message>
        <source>PostgreSQL: %1: %2</source>
        <translation>PostgreSQL：%1：%2</translation>
    </message>
    <message>
        <source>begin a transaction</source>
        <translation>开始事务</translation>
    </message>
    <message>
        <source>commit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>not a postgresql:// URL</source>
        <translation>不是 postgresql:// 网址</translation>
    </message>
    <message>
        <source>the database URL does not parse: %1</source>
        <translation>无法解析数据库网址：%1</translation>
    </message>
    <message>
        <source>the database URL holds a password; put it in PGPASSWORD or a .pgpass file (PGPASSFILE), never on the command line</source>
        <translation>数据库网址中含有密码；请把密码放在 PGPASSWORD 或 .pgpass 文件（PGPASSFILE）中，切勿写在命令行上</translation>
    </message>
    <message>
        <source>the database URL names no database (postgresql://USER@HOST:PORT/DB)</source>
        <translation>数据库网址没有指明数据库（postgresql://USER@HOST:PORT/DB）</translation>
    </message>
    <message>
        <source>the database URL holds a password (%1); put it in PGPASSWORD or a .pgpass file (PGPASSFILE), never on the command line</source>
        <translation>数据库网址中含有密码（%1）；请把密码放在 PGPASSWORD 或 .pgpass 文件（PGPASSFILE）中，切勿写在命令行上</translation>
    </message>
    <message>
        <source>the database URL sets &quot;%1&quot;, which is not a connection option Town Hall passes on (it passes: %2)</source>
        <translation>数据库网址设置了“%1”，这不是 Town Hall 会传递的连接选项（可传递的有：%2）</translation>
    </message>
    <message>
        <source>Qt&apos;s PostgreSQL driver is not installed (Debian: libqt6sql6-psql)</source>
        <translation>未安装 Qt 的 PostgreSQL 驱动（Debian：libqt6sql6-psql）</translation>
    </message>
    <message>
        <source>cannot connect to %1</source>
        <translation>无法连接到 %1</translation>
    </message>
    <message>
        <source>set up the session</source>
        <translation>设置会话</translation>
    </message>
    <message>
        <source>lock the schema</source>
        <translation>锁定表结构</translation>
    </message>
    <message>
        <source>create the tables</source>
        <translation>创建数据表</translation>
    </message>
    <message>
        <source>read the schema version</source>
        <translation>读取表结构版本</translation>
    </message>
    <message>
        <source>write the schema version</source>
        <translation>写入表结构版本</translation>
    </message>
    <message>
        <source>the database&apos;s Town Hall tables are version %1, written by a newer Town Hall (this one reads version %2)</source>
        <translation>数据库中的 Town Hall 数据表版本为 %1，由更新的 Town Hall 写入（本程序读取版本 %2）</translation>
    </message>
    <message>
        <source>number the tournament</source>
        <translation>为锦标赛编号</translation>
    </message>
    <message>
        <source>store a tournament</source>
        <translation>保存锦标赛</translation>
    </message>
    <message>
        <source>store a tournament&apos;s schedule</source>
        <translation>保存锦标赛赛程</translation>
    </message>
    <message>
        <source>read a tournament</source>
        <translation>读取锦标赛</translation>
    </message>
    <message>
        <source>read a tournament&apos;s matches</source>
        <translation>读取锦标赛的对局</translation>
    </message>
    <message>
        <source>claim matches</source>
        <translation>认领对局</translation>
    </message>
    <message>
        <source>renew the leases</source>
        <translation>续租</translation>
    </message>
    <message>
        <source>record a claimed match</source>
        <translation>记录已认领的对局</translation>
    </message>
    <message>
        <source>tournament %1&apos;s match %2 is no longer held by this host</source>
        <translation>锦标赛 %1 的第 %2 场对局已不再由本主机持有</translation>
    </message>
    <message>
        <source>record a finished match</source>
        <translation>记录已结束的对局</translation>
    </message>
    <message>
        <source>give back a claim</source>
        <translation>交还认领</translation>
    </message>
    <message>
        <source>finish a tournament</source>
        <translation>结束锦标赛</translation>
    </message>
    <message>
        <source>match %1 has no log in the shared database</source>
        <translation>共享数据库中没有对局 %1 的日志</translation>
    </message>
    <message>
        <source>line %1: nested deeper than %2 levels</source>
        <translation>第 %1 行：嵌套超过 %2 层</translation>
    </message>
    <message>
        <source>match %1 says it is match number %2, whose id is %3; the two must agree</source>
        <translation>对局 %1 自称是第 %2 号对局，而该编号的 ID 是 %3；两者必须一致</translation>
    </message>
    <message>
        <source>the log does not follow the rules: %1</source>
        <translation>该日志不符合规则：%1</translation>
    </message>
    <message>
        <source>look up a match number</source>
        <translation>查找对局编号</translation>
    </message>
    <message>
        <source>match number %1 is taken by %2 in %3; nothing was imported</source>
        <translation>对局编号 %1 已被 %3 中的 %2 占用；未导入任何内容</translation>
    </message>
</context>
<context>
    <name>townhall::app::HostWorker</name>
    <message>
        <source>The match database cannot be used: %1. Matches of this session will not be saved.</source>
        <translation>无法使用对局数据库：%1。本次运行的对局将不会被保存。</translation>
    </message>
    <message>
        <source>port %1 was busy</source>
        <translation>端口 %1 已被占用</translation>
    </message>
    <message>
        <source>Port %1 is in use; agents connect on port %2 instead.</source>
        <translation>端口 %1 已被占用；智能体改为连接端口 %2。</translation>
    </message>
    <message>
        <source>The MCP server cannot start: %1. Agents cannot connect; bots still play.</source>
        <translation>MCP 服务器无法启动：%1。智能体无法连接；内置机器人照常对局。</translation>
    </message>
    <message>
        <source>not listening</source>
        <translation>未在监听</translation>
    </message>
    <message>
        <source>listening</source>
        <translation>正在监听</translation>
    </message>
    <message>
        <source>guest agents allowed</source>
        <translation>允许访客智能体</translation>
    </message>
    <message>
        <source>agents need a token</source>
        <translation>智能体需要令牌</translation>
    </message>
    <message>
        <source>matches are not saved</source>
        <translation>对局不会被保存</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>Agents are kept in the match database, which this session does not use.</source>
        <translation>此会话不使用对局数据库，而智能体保存在其中。</translation>
    </message>
    <message>
        <source>An agent&apos;s name must be 1 to 32 characters long.</source>
        <translation>智能体名称须为 1 到 32 个字符。</translation>
    </message>
    <message>
        <source>The agent could not be registered: %1</source>
        <translation>无法注册智能体：%1</translation>
    </message>
    <message>
        <source>The agent could not be revoked: %1</source>
        <translation>无法吊销智能体：%1</translation>
    </message>
    <message>
        <source>Saving failed: %1. Nothing unsaved is shown; the host refuses changes and retries until storage works again.</source>
        <translation>保存失败：%1。未保存的内容不会显示；主机暂不接受更改，并会重试，直到存储恢复正常。</translation>
    </message>
    <message numerus="yes">
        <source>Storage works again after %n failed attempt(s); play goes on.</source>
        <translation>
            <numerusform>存储在 %n 次失败尝试后恢复正常；对局继续。</numerusform>
        </translation>
    </message>
    <message>
        <source>The new match&apos;s seats were not queued: %1.</source>
        <translation>新对局的座位未能排入队列：%1。</translation>
    </message>
    <message numerus="yes">
        <source>Queued %n seat(s) for the next table.</source>
        <translation>
            <numerusform>已为下一桌排入 %n 个座位。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only %n seat(s) were queued: %1.</source>
        <translation>
            <numerusform>只排入了 %n 个座位：%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) wait for MCP agents.</source>
        <translation>
            <numerusform>%n 个座位等待 MCP 智能体加入。</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning: %1.</source>
        <translation>警告：%1。</translation>
    </message>
    <message>
        <source>Spectators on other machines can watch at %1</source>
        <translation>其他机器上的观众可以在 %1 观看</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) wait for MCP agents in the queue %1.</source>
        <translation>
            <numerusform>%n 个座位在队列 %1 中等待 MCP 智能体。</numerusform>
        </translation>
    </message>
    <message>
        <source>A tournament needs the database, and the host has none.</source>
        <translation>锦标赛需要数据库，而主机没有数据库。</translation>
    </message>
    <message>
        <source>A tournament is under way; one runs at a time.</source>
        <translation>已有锦标赛在进行；一次只能进行一个。</translation>
    </message>
    <message>
        <source>Tournaments of bots need a database file; this host keeps its matches in memory.</source>
        <translation>机器人锦标赛需要数据库文件；此主机将对局保存在内存中。</translation>
    </message>
    <message>
        <source>waiting for %1 to join the queue %2</source>
        <translation>等待 %1 加入队列 %2</translation>
    </message>
    <message>
        <source>match %1 has no events</source>
        <translation>对局 %1 没有事件</translation>
    </message>
    <message>
        <source>%1 could not be marked spoiled: %2</source>
        <translation>无法将 %1 标记为已剧透：%2</translation>
    </message>
    <message>
        <source>%1:%2 is not an IP address and a port.</source>
        <translation>%1:%2 不是 IP 地址和端口。</translation>
    </message>
    <message>
        <source>Port %1 is in use; the players&apos; pages are on port %2 instead.</source>
        <translation>端口 %1 已被占用；玩家页面改在端口 %2 上提供。</translation>
    </message>
    <message>
        <source>Person %1</source>
        <translation>玩家 %1</translation>
    </message>
    <message>
        <source>%1 could not join the queue.</source>
        <translation>%1 无法加入队列。</translation>
    </message>
</context>
<context>
    <name>townhall::app::NewMatchDialog</name>
    <message>
        <source>&amp;New match…</source>
        <translation>新建对局(&amp;N)…</translation>
    </message>
    <message>
        <source>Choose bots, models and open seats for the next table (Ctrl+Shift+N)</source>
        <translation>为下一桌选择机器人、模型和空位（Ctrl+Shift+N）</translation>
    </message>
    <message>
        <source>New match</source>
        <translation>新建对局</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名字</translation>
    </message>
    <message>
        <source>Played by</source>
        <translation>扮演者</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供方</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Persona</source>
        <translation>人设</translation>
    </message>
    <message>
        <source>All bots</source>
        <translation>全部机器人</translation>
    </message>
    <message>
        <source>All play…</source>
        <translation>全部使用…</translation>
    </message>
    <message>
        <source>Every seat a model of one provider</source>
        <translation>每个座位都由同一提供方的模型扮演</translation>
    </message>
    <message>
        <source>Set up a model provider…</source>
        <translation>设置模型提供方…</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>Model play (longer turns)</source>
        <translation>模型对局（回合更长）</translation>
    </message>
    <message>
        <source>Language models take seconds per call: model play gives each turn room for a retry.</source>
        <translation>语言模型每次调用需要数秒：模型对局为每个回合留出重试的时间。</translation>
    </message>
    <message>
        <source>&amp;Timers:</source>
        <translation>阶段时长(&amp;T)：</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Queue the seats</source>
        <translation>排入队列</translation>
    </message>
    <message>
        <source>Built-in bot</source>
        <translation>内置机器人</translation>
    </message>
    <message>
        <source>Open for an MCP agent</source>
        <translation>留给 MCP 智能体</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>%1 号座位</translation>
    </message>
    <message>
        <source>%1 name</source>
        <translation>%1的名字</translation>
    </message>
    <message>
        <source>%1 played by</source>
        <translation>%1的扮演者</translation>
    </message>
    <message>
        <source>%1 provider</source>
        <translation>%1的提供方</translation>
    </message>
    <message>
        <source>%1 model</source>
        <translation>%1的模型</translation>
    </message>
    <message>
        <source>%1 persona</source>
        <translation>%1的人设</translation>
    </message>
    <message>
        <source>none set up</source>
        <translation>尚未设置</translation>
    </message>
    <message>
        <source>choose…</source>
        <translation>请选择…</translation>
    </message>
    <message>
        <source>model name</source>
        <translation>模型名称</translation>
    </message>
    <message>
        <source>optional: how this seat talks</source>
        <translation>可选：此座位的说话风格</translation>
    </message>
    <message>
        <source>the agent&apos;s own name</source>
        <translation>智能体自己的名字</translation>
    </message>
    <message>
        <source>a name</source>
        <translation>名字</translation>
    </message>
    <message>
        <source>Seat %1 needs a name.</source>
        <translation>%1 号座位需要一个名字。</translation>
    </message>
    <message>
        <source>Seat %1 is called &quot;%2&quot; like seat %3; every seat needs a name of its own.</source>
        <translation>%1 号座位的名字“%2”与 %3 号座位相同；每个座位都需要各自的名字。</translation>
    </message>
    <message>
        <source>Seat %1 is a model, but no model provider is set up yet.</source>
        <translation>%1 号座位由模型扮演，但尚未设置任何模型提供方。</translation>
    </message>
    <message>
        <source>Seat %1 is a model: choose its provider.</source>
        <translation>%1 号座位由模型扮演：请选择其提供方。</translation>
    </message>
    <message>
        <source>Seat %1: the provider &quot;%2&quot; names no model; type one.</source>
        <translation>%1 号座位：提供方“%2”未指定模型；请输入一个。</translation>
    </message>
    <message>
        <source>Models: %1 · Bots: %2 · Open for agents: %3</source>
        <translation>模型：%1 · 机器人：%2 · 留给智能体：%3</translation>
    </message>
    <message>
        <source>The match starts when agents take the open seats (or when you fill them with bots).</source>
        <translation>智能体坐满空位后（或你用机器人补满空位后），对局即开始。</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n seats)</source>
        <translation>
            <numerusform>%1（%n 个座位）</numerusform>
        </translation>
    </message>
    <message>
        <source>The roles at the table and the rules (the witch tables add the witch, the hunter and the PK).</source>
        <translation>桌上的角色与规则（女巫桌增加了女巫、猎人和 PK）。</translation>
    </message>
    <message>
        <source>&amp;Rules:</source>
        <translation>规则(&amp;R)：</translation>
    </message>
    <message>
        <source>Push agent</source>
        <translation>推送智能体</translation>
    </message>
    <message>
        <source>token (optional)</source>
        <translation>令牌（可选）</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>%1 push agent URL</source>
        <translation>%1 推送智能体地址</translation>
    </message>
    <message>
        <source>%1 push agent token</source>
        <translation>%1 推送智能体令牌</translation>
    </message>
    <message>
        <source>%1 push agent deadline</source>
        <translation>%1 推送智能体时限</translation>
    </message>
    <message>
        <source>Seat %1 is a push agent: type the URL it listens on.</source>
        <translation>座位 %1 是推送智能体：请输入它监听的地址。</translation>
    </message>
    <message>
        <source>Seat %1: the push agent&apos;s URL must start with http:// or https://.</source>
        <translation>座位 %1：推送智能体的地址必须以 http:// 或 https:// 开头。</translation>
    </message>
    <message>
        <source>Push agents: %1</source>
        <translation>推送智能体：%1</translation>
    </message>
    <message>
        <source>Choose who takes each seat of the next table. Open seats wait for MCP agents; the match starts when every seat of the table is taken.</source>
        <translation>选择下一桌每个座位由谁来坐。空位等待 MCP 智能体加入；所有座位坐满后，对局开始。</translation>
    </message>
    <message>
        <source>People (the longest turns)</source>
        <translation>真人（回合最长）</translation>
    </message>
    <message>
        <source>Me (I play it here)</source>
        <translation>我（在这里亲自玩）</translation>
    </message>
    <message>
        <source>Seats %1 and %2 are both &quot;Me&quot;; you can play one seat.</source>
        <translation>座位 %1 和 %2 都是“我”；你只能玩一个座位。</translation>
    </message>
    <message>
        <source>You play seat %1</source>
        <translation>你玩 %1 号座位</translation>
    </message>
</context>
<context>
    <name>townhall::app::ProfilesDialog</name>
    <message>
        <source>&amp;Models</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>Model &amp;providers…</source>
        <translation>模型提供方(&amp;P)…</translation>
    </message>
    <message>
        <source>Model providers</source>
        <translation>模型提供方</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>OpenAI-compatible (OpenAI, Ollama, llama.cpp, vLLM, OpenRouter…)</source>
        <translation>OpenAI 兼容（OpenAI、Ollama、llama.cpp、vLLM、OpenRouter…）</translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation>Anthropic</translation>
    </message>
    <message>
        <source>kept in the system keychain, never in a file</source>
        <translation>保存在系统钥匙串中，绝不写入文件</translation>
    </message>
    <message>
        <source>or the name of an environment variable</source>
        <translation>或环境变量的名称</translation>
    </message>
    <message>
        <source>server default</source>
        <translation>服务器默认值</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Key variable</source>
        <translation>密钥变量</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>最大词元数</translation>
    </message>
    <message>
        <source>Request timeout</source>
        <translation>请求超时</translation>
    </message>
    <message>
        <source>Price per million input tokens</source>
        <translation>每百万输入词元价格</translation>
    </message>
    <message>
        <source>Price per million output tokens</source>
        <translation>每百万输出词元价格</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Testing %1…</source>
        <translation>正在测试 %1…</translation>
    </message>
    <message>
        <source>The connection works.</source>
        <translation>连接正常。</translation>
    </message>
    <message>
        <source>The connection does not work: %1</source>
        <translation>连接失败：%1</translation>
    </message>
</context>
<context>
    <name>townhall::app::SharedLeaderboard</name>
    <message>
        <source>reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>match %1</source>
        <translation>对局 %1</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已结束</translation>
    </message>
    <message numerus="yes">
        <source>running; looks again every %n second(s) (last at %1)</source>
        <translation>
            <numerusform>进行中；每 %n 秒刷新一次（上次于 %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>could not be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>Shared tournament %1: %2</source>
        <translation>共享锦标赛 %1：%2</translation>
    </message>
    <message>
        <source>Shared tournament %1 at %2 — %3</source>
        <translation>共享锦标赛 %1，位于 %2 — %3</translation>
    </message>
    <message>
        <source>an unknown database</source>
        <translation>未知的数据库</translation>
    </message>
    <message>
        <source>Match %1 is being played by host %2 now; watch it live with Match → Watch a host… at that host&apos;s spectator address. It can be replayed here once it has ended.</source>
        <translation>对局 %1 正由主机 %2 进行；可通过“对局 → 观看主机…”输入该主机的观战地址实时观看。对局结束后可在此回放。</translation>
    </message>
    <message>
        <source>Shared tournament %1: match %2: %3</source>
        <translation>共享锦标赛 %1：对局 %2：%3</translation>
    </message>
</context>
<context>
    <name>townhall::host::Host</name>
    <message>
        <source>Match %1 could not be recovered: %2</source>
        <translation>对局 %1 无法恢复：%2</translation>
    </message>
    <message>
        <source>Resumed %1 at %2, day %3</source>
        <translation>已恢复 %1：%2，第 %3 天</translation>
    </message>
    <message>
        <source>cannot write %1 (%2); Town Hall needs to write the database and its -wal and -shm files</source>
        <translation>无法写入 %1（%2）；Town Hall 需要写入数据库及其 -wal 和 -shm 文件</translation>
    </message>
    <message>
        <source>%1 is in use by another Town Hall host (pid %2 on %3%4). Stop it first, or use another --db; read-only commands (export, replay, calls) work beside it.</source>
        <translation>%1 正被另一个 Town Hall 主机使用（%3 上的进程 %2%4）。请先停止它，或使用另一个 --db；只读命令（export、replay、calls）可与它同时使用。</translation>
    </message>
    <message>
        <source>, serving %1</source>
        <translation>，服务地址 %1</translation>
    </message>
    <message>
        <source>cannot create the lock file %1 next to the database</source>
        <translation>无法在数据库旁创建锁文件 %1</translation>
    </message>
    <message>
        <source>The model seats waiting in the queue could not be read: %1</source>
        <translation>无法读取队列中等候的模型座位：%1</translation>
    </message>
    <message>
        <source>The notes of model seat %1 in %2 could not be read: %3</source>
        <translation>无法读取 %2 中模型座位 %1 的笔记：%3</translation>
    </message>
    <message>
        <source>The model seats of %1 could not be read: %2</source>
        <translation>无法读取 %1 的模型座位：%2</translation>
    </message>
</context>
<context>
    <name>townhall::host::LiveTournament</name>
    <message>
        <source>a tournament with people plays on one host: give it a database file, not a shared database</source>
        <translation>有真人参加的锦标赛只在一台主机上进行：请为它指定数据库文件，而不是共享数据库</translation>
    </message>
    <message>
        <source>the app seats one person (you) in a tournament; play one with several people headless, with --players-listen</source>
        <translation>应用在一场锦标赛中只安排一位真人（你）；多人参加的锦标赛请以无界面方式运行，并使用 --players-listen</translation>
    </message>
    <message>
        <source>a tournament needs the database</source>
        <translation>锦标赛需要数据库</translation>
    </message>
    <message>
        <source>the tournament&apos;s seats do not match its participants</source>
        <translation>锦标赛的座位与其参赛者不符</translation>
    </message>
    <message>
        <source>participant %1: no registered agent named &quot;%2&quot; (townhall agent add NAME)</source>
        <translation>参赛者 %1：没有名为“%2”的已注册智能体（townhall agent add NAME）</translation>
    </message>
    <message>
        <source>tournament %1: match %2&apos;s schedule entry does not parse</source>
        <translation>锦标赛 %1：第 %2 场对局的赛程条目无法解析</translation>
    </message>
    <message>
        <source>tournament %1: could not seat %2 in match %3</source>
        <translation>锦标赛 %1：无法在第 %3 场对局中为 %2 安排座位</translation>
    </message>
    <message>
        <source>tournament %1: match %2 did not start</source>
        <translation>锦标赛 %1：第 %2 场对局未能开始</translation>
    </message>
    <message>
        <source>a tournament on this host must be in the host&apos;s own database</source>
        <translation>本主机上的锦标赛必须位于主机自己的数据库中</translation>
    </message>
    <message>
        <source>another host took it over</source>
        <translation>另一台主机已接手</translation>
    </message>
    <message>
        <source>tournament %1: the shared database is out of reach (%2); trying again</source>
        <translation>锦标赛 %1：无法访问共享数据库（%2）；正在重试</translation>
    </message>
    <message>
        <source>tournament %1: match %2 (%3) ended, but another host had taken it over (this host&apos;s lease ran out); it is not recorded twice</source>
        <translation>锦标赛 %1：对局 %2（%3）已结束，但另一台主机已接手（本主机的租约已过期）；不会重复记录</translation>
    </message>
    <message>
        <source>this host&apos;s lease ran out and another host took it over</source>
        <translation>本主机的租约已过期，另一台主机已接手</translation>
    </message>
    <message>
        <source>tournament %1: match %2 is abandoned here (%3); it is played again from the start by the host that holds it</source>
        <translation>锦标赛 %1：本主机放弃对局 %2（%3）；持有它的主机将从头重新进行</translation>
    </message>
</context>
<context>
    <name>townhall::host::McpService</name>
    <message>
        <source>cannot listen on 127.0.0.1:%1: %2</source>
        <translation>无法在 127.0.0.1:%1 上监听：%2</translation>
    </message>
    <message>
        <source>cannot offer the spectator feed on %1:%2: %3</source>
        <translation>无法在 %1:%2 提供观众数据流：%3</translation>
    </message>
</context>
<context>
    <name>townhall::host::PlayersServer</name>
    <message>
        <source>cannot offer the players&apos; pages on %1:%2: %3</source>
        <translation>无法在 %1:%2 提供玩家页面：%3</translation>
    </message>
</context>
<context>
    <name>townhall::host::Recorder</name>
    <message>
        <source>recorded calls are kept in memory only: %1</source>
        <translation>已记录的调用仅保存在内存中：%1</translation>
    </message>
</context>
<context>
    <name>townhall::host::SeatRoster</name>
    <message>
        <source>it is not a JSON object</source>
        <translation>它不是 JSON 对象</translation>
    </message>
    <message>
        <source>Model seat %1 in %2: %3</source>
        <translation>%2 中的模型座位 %1：%3</translation>
    </message>
    <message>
        <source>how to play it was not stored</source>
        <translation>未保存该座位的扮演设置</translation>
    </message>
    <message>
        <source>its stored provider profile could not be read (%1)</source>
        <translation>无法读取其已存储的提供方配置（%1）</translation>
    </message>
    <message>
        <source>Model seat %1 left the queue: %2</source>
        <translation>模型座位 %1 已离开队列：%2</translation>
    </message>
    <message>
        <source>%1&apos;s seat left the queue: its join link does not outlive a restart; invite them again</source>
        <translation>%1 的座位已离开队列：加入链接在重启后失效；请重新邀请。</translation>
    </message>
</context>
<context>
    <name>townhall::host::SpectatorFeed</name>
    <message>
        <source>cannot offer the spectator feed on %1:%2: %3</source>
        <translation>无法在 %1:%2 提供观众数据流：%3</translation>
    </message>
    <message>
        <source>the feed is at /spectate</source>
        <translation>数据流位于 /spectate</translation>
    </message>
    <message>
        <source>too many spectators (%1)</source>
        <translation>观众过多（%1）</translation>
    </message>
    <message>
        <source>delay must be a number of seconds from 0 to %1</source>
        <translation>延迟必须是 0 到 %1 之间的秒数</translation>
    </message>
    <message>
        <source>history must be &quot;full&quot; or left out</source>
        <translation>history 只能是 &quot;full&quot; 或省略</translation>
    </message>
    <message>
        <source>the messages after your position are no longer held</source>
        <translation>你所在位置之后的消息已不再保留</translation>
    </message>
    <message>
        <source>you fell too far behind</source>
        <translation>你落后太多了</translation>
    </message>
    <message>
        <source>no match %1 is being played here (yet)</source>
        <translation>这里（尚）没有正在进行的对局 %1</translation>
    </message>
</context>
<context>
    <name>townhall::ui::AgentsPanel</name>
    <message>
        <source>&amp;Register</source>
        <translation>注册(&amp;R)</translation>
    </message>
    <message>
        <source>Copy &amp;token</source>
        <translation>复制令牌(&amp;T)</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>对局</translation>
    </message>
    <message>
        <source>Registered</source>
        <translation>注册时间</translation>
    </message>
    <message>
        <source>Registered agents</source>
        <translation>已注册的智能体</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输方式</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>开始于</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>最近活动</translation>
    </message>
    <message>
        <source>Live sessions of the selected agent</source>
        <translation>所选智能体的在线会话</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>对局</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>身份</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Matches of the selected agent</source>
        <translation>所选智能体参加的对局</translation>
    </message>
    <message>
        <source>Re&amp;voke…</source>
        <translation>吊销(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>e.g. my-agent</source>
        <translation>例如 my-agent</translation>
    </message>
    <message>
        <source>Name of the new agent</source>
        <translation>新智能体的名称</translation>
    </message>
    <message>
        <source>Register an agent and show its token once</source>
        <translation>注册一个智能体，并仅显示一次其令牌</translation>
    </message>
    <message>
        <source>New agent&apos;s token</source>
        <translation>新智能体的令牌</translation>
    </message>
    <message>
        <source>Copy the token to the clipboard</source>
        <translation>将令牌复制到剪贴板</translation>
    </message>
    <message>
        <source>Client configurations</source>
        <translation>客户端配置</translation>
    </message>
    <message>
        <source>Copy URL and header</source>
        <translation>复制 URL 与请求头</translation>
    </message>
    <message>
        <source>Copy Claude Desktop entry</source>
        <translation>复制 Claude Desktop 配置项</translation>
    </message>
    <message>
        <source>Copy mcp.json</source>
        <translation>复制 mcp.json</translation>
    </message>
    <message>
        <source>Copy underscore-name mcp.json</source>
        <translation>复制下划线名称版 mcp.json</translation>
    </message>
    <message>
        <source>The Streamable HTTP URL and its Authorization: Bearer header</source>
        <translation>Streamable HTTP URL 及其 Authorization: Bearer 请求头</translation>
    </message>
    <message>
        <source>An mcpServers entry that runs townhall mcp-stdio (tool names with underscores)</source>
        <translation>运行 townhall mcp-stdio 的 mcpServers 配置项（工具名使用下划线）</translation>
    </message>
    <message>
        <source>A generic mcp.json entry: URL and headers</source>
        <translation>通用 mcp.json 配置项：URL 与请求头</translation>
    </message>
    <message>
        <source>The /mcp/underscore endpoint, for clients that reject dotted tool names</source>
        <translation>/mcp/underscore 端点，供不接受带点工具名的客户端使用</translation>
    </message>
    <message>
        <source>Copy VS Code entry</source>
        <translation>复制 VS Code 条目</translation>
    </message>
    <message>
        <source>Copy Cursor install link</source>
        <translation>复制 Cursor 安装链接</translation>
    </message>
    <message>
        <source>One line of JSON for code --add-mcp (adds the server to VS Code)</source>
        <translation>供 code --add-mcp 使用的一行 JSON（将服务器添加到 VS Code）</translation>
    </message>
    <message>
        <source>A cursor:// link: opening it asks Cursor to install the server</source>
        <translation>一个 cursor:// 链接：打开后 Cursor 会询问是否安装该服务器</translation>
    </message>
    <message>
        <source>Revoke the selected agent&apos;s token and end its sessions</source>
        <translation>吊销所选智能体的令牌并结束其会话</translation>
    </message>
    <message>
        <source>revoked %1</source>
        <translation>已于 %1 吊销</translation>
    </message>
    <message>
        <source>active</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>%1 played · %2 won · %3 lost</source>
        <translation>参加 %1 局 · 胜 %2 · 负 %3</translation>
    </message>
    <message>
        <source>Token of %1. It is shown only now and stored hashed: copy it, or copy a configuration below while this window is open.</source>
        <translation>%1 的令牌。它只显示这一次，并以哈希形式保存：请立即复制，或在此窗口打开期间复制下方的配置。</translation>
    </message>
    <message>
        <source>Select an agent to copy its client configurations.</source>
        <translation>选择一个智能体以复制其客户端配置。</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>won</source>
        <translation>胜</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>负</translation>
    </message>
    <message>
        <source>%1, eliminated</source>
        <translation>%1，已出局</translation>
    </message>
    <message>
        <source>Game #%1</source>
        <translation>第 %1 局</translation>
    </message>
    <message>
        <source>%1 is revoked: its token no longer works.</source>
        <translation>%1 已被吊销：其令牌不再有效。</translation>
    </message>
    <message>
        <source>These configurations hold %1&apos;s token: keep them private.</source>
        <translation>这些配置包含 %1 的令牌：请勿泄露。</translation>
    </message>
    <message>
        <source>The token is stored hashed and cannot be shown again: replace &lt;TOKEN&gt; in the copied text with %1&apos;s token.</source>
        <translation>令牌以哈希形式保存，无法再次显示：请将复制内容中的 &lt;TOKEN&gt; 替换为 %1 的令牌。</translation>
    </message>
    <message>
        <source>Revoke %1?</source>
        <translation>吊销 %1？</translation>
    </message>
    <message>
        <source>%1&apos;s token stops working at once and its sessions end. This cannot be undone; register the agent again for a new token.</source>
        <translation>%1 的令牌将立即失效，其会话随之结束。此操作无法撤销；如需新令牌，请重新注册该智能体。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::BroadcastWindow</name>
    <message>
        <source>Now speaking</source>
        <translation>正在发言</translation>
    </message>
    <message>
        <source>Town Hall — Broadcast</source>
        <translation>Town Hall — 直播</translation>
    </message>
    <message>
        <source>Broadcast window</source>
        <translation>直播窗口</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Last line</source>
        <translation>最新发言</translation>
    </message>
    <message>
        <source>The vote</source>
        <translation>投票</translation>
    </message>
    <message>
        <source>Key moments</source>
        <translation>关键时刻</translation>
    </message>
    <message numerus="yes">
        <source>%n s delay</source>
        <translation>
            <numerusform>延迟 %n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>Last word</source>
        <translation>最后一句</translation>
    </message>
    <message>
        <source>Frameless window</source>
        <translation>无边框窗口</translation>
    </message>
    <message>
        <source>Delay:</source>
        <translation>延迟：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Delay in seconds</source>
        <translation>延迟（秒）</translation>
    </message>
    <message>
        <source>Follow the action</source>
        <translation>跟随精彩对局</translation>
    </message>
    <message>
        <source>Lock on match %1</source>
        <translation>锁定对局 %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Town Hall</source>
        <translation>市政厅</translation>
    </message>
    <message>
        <source>Werewolf, played by AI agents</source>
        <translation>狼人杀，由 AI 智能体对局</translation>
    </message>
    <message>
        <source>Between matches</source>
        <translation>对局间隙</translation>
    </message>
    <message>
        <source>The next match starts soon</source>
        <translation>下一局即将开始</translation>
    </message>
    <message>
        <source>Back in a moment</source>
        <translation>马上回来</translation>
    </message>
</context>
<context>
    <name>townhall::ui::CrierVoice</name>
    <message>
        <source>The speech engine %1 offers no voice.</source>
        <translation>语音引擎 %1 没有可用的声音。</translation>
    </message>
    <message>
        <source>No voice for this language (%1); speaking with %2 of %3.</source>
        <translation>没有该语言（%1）的声音；改用 %3 的声音 %2 朗读。</translation>
    </message>
    <message>
        <source>Speaking with the voice %1 of %2.</source>
        <translation>使用 %2 的声音 %1 朗读。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>No audio output was found on this computer (no sound card or sound server): the Town Crier cannot be heard here.</source>
        <translation>这台电脑上没有找到音频输出（没有声卡或声音服务）：在这里听不到传令官的声音。</translation>
    </message>
    <message>
        <source>Hear ye, hear ye! This is the Town Crier of Town Hall.</source>
        <translation>请听，请听！我是市政厅的传令官。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::DevFeed</name>
    <message>
        <source>demo feed</source>
        <translation>演示数据源</translation>
    </message>
</context>
<context>
    <name>townhall::ui::FeedClient</name>
    <message>
        <source>the request was refused</source>
        <translation>请求被拒绝</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1……</translation>
    </message>
    <message>
        <source>Connected to %1 (%2 s delay)</source>
        <translation>已连接到 %1（延迟 %2 秒）</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>已连接到 %1</translation>
    </message>
    <message>
        <source>Dropped by the host, reconnecting…</source>
        <translation>被主机断开，正在重新连接……</translation>
    </message>
    <message>
        <source>Connection lost, reconnecting…</source>
        <translation>连接中断，正在重新连接……</translation>
    </message>
    <message>
        <source>Host %1 unreachable, retrying…</source>
        <translation>无法访问主机 %1，正在重试……</translation>
    </message>
    <message>
        <source>The host refused the feed: %1</source>
        <translation>主机拒绝了数据流：%1</translation>
    </message>
    <message>
        <source>Enter the address of a Town Hall host, e.g. ws://127.0.0.1:8787/spectate.</source>
        <translation>请输入 Town Hall 主机的地址，例如 ws://127.0.0.1:8787/spectate。</translation>
    </message>
    <message>
        <source>The address must start with ws:// or wss://.</source>
        <translation>地址必须以 ws:// 或 wss:// 开头。</translation>
    </message>
    <message>
        <source>“%1” is not a valid address.</source>
        <translation>“%1”不是有效的地址。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::InspectorDock</name>
    <message>
        <source>Tool-call inspector</source>
        <translation>工具调用检查器</translation>
    </message>
    <message>
        <source>Recorded calls</source>
        <translation>已记录的调用</translation>
    </message>
    <message>
        <source>All agents</source>
        <translation>全部智能体</translation>
    </message>
    <message>
        <source>Filter by agent</source>
        <translation>按智能体筛选</translation>
    </message>
    <message>
        <source>All matches</source>
        <translation>全部对局</translation>
    </message>
    <message>
        <source>Filter by match</source>
        <translation>按对局筛选</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>全部工具</translation>
    </message>
    <message>
        <source>Filter by tool</source>
        <translation>按工具筛选</translation>
    </message>
    <message>
        <source>Filter by status</source>
        <translation>按状态筛选</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>Search calls…</source>
        <translation>搜索调用…</translation>
    </message>
    <message>
        <source>Search the calls&apos; agents, tools, errors and JSON</source>
        <translation>在调用的智能体、工具、错误和 JSON 中搜索</translation>
    </message>
    <message>
        <source>Select a call to see its request, response and context.</source>
        <translation>选择一个调用，查看其请求、响应和上下文。</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>对局</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>HTTP status</source>
        <translation>HTTP 状态</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Schema check</source>
        <translation>模式校验</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Show in transcript</source>
        <translation>在发言记录中显示</translation>
    </message>
    <message>
        <source>Select the match and the event this call is about</source>
        <translation>选中此调用所涉及的对局和事件</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Request JSON</source>
        <translation>请求 JSON</translation>
    </message>
    <message>
        <source>Response JSON</source>
        <translation>响应 JSON</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>响应</translation>
    </message>
    <message>
        <source>State the agent could read (get_state)</source>
        <translation>智能体可读取的状态（get_state）</translation>
    </message>
    <message>
        <source>Phase brief the agent was given</source>
        <translation>智能体收到的阶段简报</translation>
    </message>
    <message>
        <source>Agent&apos;s view</source>
        <translation>智能体视角</translation>
    </message>
    <message>
        <source>Repeats this call against this host with curl (bash). A call needs an MCP session, so the script first sends initialize, keeps the Mcp-Session-Id the host returns, confirms with notifications/initialized, then sends the recorded request in that session. It acts as the agent whose token is in $TOWNHALL_TOKEN (a guest without one). An action repeated later may be refused (another phase, already acted); with its idempotencyKey it returns the stored result.</source>
        <translation>用 curl（bash）对本主机重放此调用。调用需要 MCP 会话，因此脚本先发送 initialize，保存主机返回的 Mcp-Session-Id，再以 notifications/initialized 确认，然后在该会话中发送所记录的请求。它以 $TOWNHALL_TOKEN 中令牌所属的智能体身份执行（没有令牌时为访客）。稍后重放的行动可能被拒绝（阶段已变或已行动过）；带 idempotencyKey 时将返回已存储的结果。</translation>
    </message>
    <message>
        <source>curl command</source>
        <translation>curl 命令</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the curl command</source>
        <translation>复制 curl 命令</translation>
    </message>
    <message>
        <source>curl</source>
        <translation>curl</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 of %2 calls</source>
        <translation>%2 个调用中的 %1 个</translation>
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
        <translation>工具错误 %1</translation>
    </message>
    <message>
        <source>JSON-RPC error %1</source>
        <translation>JSON-RPC 错误 %1</translation>
    </message>
    <message>
        <source>none (in-process)</source>
        <translation>无（进程内）</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>not checked (not a tool call)</source>
        <translation>未校验（不是工具调用）</translation>
    </message>
    <message>
        <source>%1 (%2), produced by this call</source>
        <translation>%1（%2），由此调用产生</translation>
    </message>
    <message>
        <source>%1 (%2), the last event before the answer</source>
        <translation>%1（%2），应答前的最后一个事件</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>// result.content[0].text, decoded:</source>
        <translation>// result.content[0].text，解码后：</translation>
    </message>
    <message>
        <source>%1 does not play in %2, so there is no agent&apos;s-eye view.</source>
        <translation>%1 未参加 %2，因此没有智能体视角。</translation>
    </message>
    <message>
        <source>This call names no match the window knows, so there is no agent&apos;s-eye view.</source>
        <translation>此调用未指明本窗口已知的对局，因此没有智能体视角。</translation>
    </message>
    <message>
        <source>No agent&apos;s-eye view for this call.</source>
        <translation>此调用没有智能体视角。</translation>
    </message>
    <message>
        <source>No agent&apos;s-eye view: %1</source>
        <translation>没有智能体视角：%1</translation>
    </message>
    <message>
        <source>What %1 (%2) could see after event %3 (%4): the state get_state returned%5 and the phase brief of that moment.</source>
        <translation>%1（%2）在事件 %3（%4）之后能看到的内容：get_state 返回的状态%5，以及当时的阶段简报。</translation>
    </message>
    <message>
        <source>What %1 (%2) could see when it made this call, after event %3 (%4): the state get_state returned%5 and the phase brief of that moment.</source>
        <translation>%1（%2）发出此调用时、事件 %3（%4）之后能看到的内容：get_state 返回的状态%5，以及当时的阶段简报。</translation>
    </message>
    <message>
        <source> with recent public messages</source>
        <translation>（含最近的公开发言）</translation>
    </message>
    <message>
        <source>The model seat&apos;s model and its private notes</source>
        <translation>模型座位的模型及其私下笔记</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 is not a model seat of this match: no model played this call.</source>
        <translation>%1 不是本对局的模型座位：这次调用不是由模型发出的。</translation>
    </message>
    <message>
        <source>%1 is played by %2 (provider %3).</source>
        <translation>%1 由 %2 扮演（提供方 %3）。</translation>
    </message>
    <message numerus="yes">
        <source>So far: %n model call(s), tokens in %1, out %2%3; latency p50 %4 ms, p95 %5 ms; %6 stand-in turn(s)%7.</source>
        <translation>
            <numerusform>目前：%n 次模型调用，输入 %1 个词元，输出 %2 个%3；延迟 p50 %4 毫秒，p95 %5 毫秒；替补行动 %6 次%7。</numerusform>
        </translation>
    </message>
    <message>
        <source>, cost %1</source>
        <translation>，费用 %1</translation>
    </message>
    <message>
        <source>; the built-in bot has taken the seat</source>
        <translation>；内置机器人已接管该座位</translation>
    </message>
    <message>
        <source>thought</source>
        <translation>想法</translation>
    </message>
    <message>
        <source>stand-in</source>
        <translation>替补</translation>
    </message>
    <message>
        <source>hand-over</source>
        <translation>移交</translation>
    </message>
    <message>
        <source>[%1 · day %2 · %3] %4: %5</source>
        <translation>[%1 · 第 %2 天 · %3] %4：%5</translation>
    </message>
    <message>
        <source>No notes before this call.</source>
        <translation>这次调用之前没有笔记。</translation>
    </message>
    <message>
        <source>Hidden calls</source>
        <translation>隐藏的调用</translation>
    </message>
    <message>
        <source>The calls of %1 are hidden: you play a seat there, and they hold night actions, what other seats saw and the models&apos; thoughts.</source>
        <translation>%1 的调用已隐藏：你在其中有座位，而这些调用包含夜间行动、其他座位看到的内容以及模型的想法。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::InviteDialog</name>
    <message>
        <source>Invite players</source>
        <translation>邀请玩家</translation>
    </message>
    <message>
        <source>Seats offered</source>
        <translation>已提供的座位</translation>
    </message>
    <message>
        <source>No seat offered yet.</source>
        <translation>尚未提供座位。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>The players&apos; pages</source>
        <translation>玩家页面</translation>
    </message>
    <message>
        <source>People on this network play their seats in a web page, on a phone or a laptop. This address serves those pages and nothing else: no MCP, no spectator feed, no omniscient view. Each seat&apos;s link is its key.</source>
        <translation>本网络中的人在网页中（手机或笔记本电脑上）操作自己的座位。此地址只提供这些页面，别无其他：没有 MCP、没有观众数据流、没有全知视角。每个座位的链接就是它的钥匙。</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>Address of the players&apos; pages</source>
        <translation>玩家页面的地址</translation>
    </message>
    <message>
        <source>This machine&apos;s address on the local network; 0.0.0.0 listens on every network</source>
        <translation>本机在本地网络中的地址；0.0.0.0 表示在所有网络上监听</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>Port of the players&apos; pages</source>
        <translation>玩家页面的端口</translation>
    </message>
    <message>
        <source>0, or a port in use: any free port</source>
        <translation>0 或已被占用的端口：使用任意空闲端口</translation>
    </message>
    <message>
        <source>Start &amp;listening</source>
        <translation>开始监听(&amp;L)</translation>
    </message>
    <message>
        <source>Start serving the players&apos; pages</source>
        <translation>开始提供玩家页面</translation>
    </message>
    <message>
        <source>State of the players&apos; pages</source>
        <translation>玩家页面的状态</translation>
    </message>
    <message>
        <source>Add seats to the next match</source>
        <translation>为下一场对局添加座位</translation>
    </message>
    <message>
        <source>&amp;Seats:</source>
        <translation>座位数(&amp;S)：</translation>
    </message>
    <message>
        <source>Number of seats to add</source>
        <translation>要添加的座位数</translation>
    </message>
    <message>
        <source>A&amp;dd seats</source>
        <translation>添加座位(&amp;D)</translation>
    </message>
    <message>
        <source>Add the seats to the next match</source>
        <translation>把这些座位加入下一场对局</translation>
    </message>
    <message>
        <source>They join the queue of the next match, as bots do</source>
        <translation>它们像机器人一样加入下一场对局的队列</translation>
    </message>
    <message>
        <source>Name of new seat %1</source>
        <translation>新座位 %1 的名字</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名字</translation>
    </message>
    <message>
        <source>Person %1</source>
        <translation>玩家 %1</translation>
    </message>
    <message>
        <source>Listening on %1:%2. Only the players&apos; pages are served there.</source>
        <translation>正在 %1:%2 上监听。那里只提供玩家页面。</translation>
    </message>
    <message>
        <source>Not listening: %1</source>
        <translation>未在监听：%1</translation>
    </message>
    <message>
        <source>Not listening. Start listening, then add seats.</source>
        <translation>未在监听。请先开始监听，再添加座位。</translation>
    </message>
    <message>
        <source>Revoked: the link opens nothing any more; the stand-in plays the seat.</source>
        <translation>已撤销：该链接不再能打开任何内容；由替补代打这个座位。</translation>
    </message>
    <message>
        <source>waiting for the next match</source>
        <translation>等待下一场对局</translation>
    </message>
    <message>
        <source>in %1 as seat %2</source>
        <translation>在 %1 中，座位 %2</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>the stand-in plays</source>
        <translation>替补代打中</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>The link stops working at once and the built-in stand-in plays the seat</source>
        <translation>该链接立即失效，由内置替补代打这个座位</translation>
    </message>
    <message>
        <source>Status of %1&apos;s seat</source>
        <translation>%1 的座位状态</translation>
    </message>
    <message>
        <source>join: %1</source>
        <translation>加入：%1</translation>
    </message>
    <message>
        <source>No link until the players&apos; pages are served.</source>
        <translation>开始提供玩家页面之前没有链接。</translation>
    </message>
    <message>
        <source>Join link of %1&apos;s seat</source>
        <translation>%1 的座位的加入链接</translation>
    </message>
    <message>
        <source>Copy %1&apos;s join link</source>
        <translation>复制 %1 的加入链接</translation>
    </message>
    <message>
        <source>Copy the join link to the clipboard</source>
        <translation>把加入链接复制到剪贴板</translation>
    </message>
    <message>
        <source>Revoke %1&apos;s join link</source>
        <translation>撤销 %1 的加入链接</translation>
    </message>
    <message>
        <source>QR code of %1&apos;s join link</source>
        <translation>%1 的加入链接的二维码</translation>
    </message>
</context>
<context>
    <name>townhall::ui::KeyMoment</name>
    <message>
        <source>{accuser} accuses {target}.</source>
        <comment>moment.accusation</comment>
        <translation>{accuser} 指控 {target}。</translation>
    </message>
    <message>
        <source>{accuser} keeps pointing at {target} ({count} times).</source>
        <comment>moment.accusation.repeated</comment>
        <translation>{accuser} 反复指向 {target}（{count} 次）。</translation>
    </message>
    <message>
        <source>{target} is under fire: {count} accusations from {accuserCount} players ({accusers}).</source>
        <comment>moment.accusation.many</comment>
        <translation>{target} 成为众矢之的：{accuserCount} 名玩家（{accusers}）共指控 {count} 次。</translation>
    </message>
    <message>
        <source>{name} claims to be the seer.</source>
        <comment>moment.seerclaim</comment>
        <translation>{name} 声称自己是预言家。</translation>
    </message>
    <message>
        <source>{name} counterclaims seer: {rival} claimed it first.</source>
        <comment>moment.counterclaim</comment>
        <translation>{name} 对跳预言家：{rival} 先跳了预言家。</translation>
    </message>
    <message>
        <source>{name} vouched for {target}, then voted for them the same day.</source>
        <comment>moment.contradiction.vouchvote</comment>
        <translation>{name} 先为 {target} 担保，当天却又投了 {target}。</translation>
    </message>
    <message>
        <source>{name} claimed to be the seer, but was revealed as {role|a}.</source>
        <comment>moment.contradiction.claim</comment>
        <translation>{name} 曾自称预言家，身份揭晓却是{role}。</translation>
    </message>
    <message>
        <source>{name} claimed to be the seer, but {seer} was revealed as the real seer.</source>
        <comment>moment.contradiction.seerrevealed</comment>
        <translation>{name} 曾自称预言家，但揭晓的真预言家是 {seer}。</translation>
    </message>
    <message>
        <source>{name} vouched for {target}, who was revealed as a werewolf.</source>
        <comment>moment.contradiction.vouchedwolf</comment>
        <translation>{name} 曾为 {target} 担保，而 {target} 被揭晓是狼人。</translation>
    </message>
    <message>
        <source>{name} named {target} a werewolf as the seer, but {target} was {role|a}.</source>
        <comment>moment.contradiction.seerresult</comment>
        <translation>{name} 以预言家身份指认 {target} 是狼人，但 {target} 其实是{role}。</translation>
    </message>
    <message>
        <source>{name} changed their vote from {from} to {to}.</source>
        <comment>moment.voteflip</comment>
        <translation>{name} 把票从 {from} 改投给 {to}。</translation>
    </message>
    <message>
        <source>{name} withdrew their vote for {from}.</source>
        <comment>moment.voteflip.toabstain</comment>
        <translation>{name} 撤回了投给 {from} 的票。</translation>
    </message>
    <message>
        <source>{name} stopped abstaining and voted for {to}.</source>
        <comment>moment.voteflip.fromabstain</comment>
        <translation>{name} 不再弃票，投给了 {to}。</translation>
    </message>
    <message>
        <source>The doctor saved the wolves&apos; victim on night {night}: nobody died.</source>
        <comment>moment.doctorsave</comment>
        <translation>第 {night} 夜，医生救下了狼人的目标：无人死亡。</translation>
    </message>
    <message>
        <source>{doctor}, the doctor, saved {saved} from the wolves on night {night}.</source>
        <comment>moment.doctorsave.revealed</comment>
        <translation>第 {night} 夜，医生 {doctor} 从狼口中救下了 {saved}。</translation>
    </message>
    <message>
        <source>{name}, a werewolf, voted for fellow wolf {target}.</source>
        <comment>moment.wolfonwolf.vote</comment>
        <translation>狼人 {name} 投票给了狼队友 {target}。</translation>
    </message>
    <message>
        <source>{name}, a werewolf, accused fellow wolf {target}.</source>
        <comment>moment.wolfonwolf.accuse</comment>
        <translation>狼人 {name} 指控了狼队友 {target}。</translation>
    </message>
    <message>
        <source>{name} claims to be the seer but is {role|a}.</source>
        <comment>moment.fakeclaim</comment>
        <translation>{name} 自称预言家，实际上是{role}。</translation>
    </message>
    <message>
        <source>{hunter}, the hunter, shot {target}: a werewolf!</source>
        <comment>moment.hunter.wolf</comment>
        <translation>猎人{hunter}开枪带走了{target}：是狼人！</translation>
    </message>
    <message>
        <source>{hunter}, the hunter, shot {target}, who was {role|a}.</source>
        <comment>moment.hunter.other</comment>
        <translation>猎人{hunter}开枪带走了{target}，其身份是{role}。</translation>
    </message>
    <message>
        <source>{hunter}, the hunter, shot {target}.</source>
        <comment>moment.hunter.hidden</comment>
        <translation>猎人{hunter}开枪带走了{target}。</translation>
    </message>
    <message>
        <source>{witch}, the witch, saved {saved} from the wolves on night {night}.</source>
        <comment>moment.witch.save</comment>
        <translation>第{night}夜，女巫{witch}用解药救下了{saved}。</translation>
    </message>
    <message>
        <source>{witch}, the witch, poisoned {target} on night {night}.</source>
        <comment>moment.witch.poison</comment>
        <translation>第{night}夜，女巫{witch}毒死了{target}。</translation>
    </message>
    <message>
        <source>The PK between {names} tied again: nobody left on day {day}.</source>
        <comment>moment.pk.tie</comment>
        <translation>{names}的PK再次平票：第{day}天无人出局。</translation>
    </message>
    <message>
        <source>{name} lost the PK against {rivals} and was {role|a}.</source>
        <comment>moment.pk.out</comment>
        <translation>{name}在与{rivals}的PK中出局，身份是{role}。</translation>
    </message>
    <message>
        <source>{name} lost the PK against {rivals}.</source>
        <comment>moment.pk.out.hidden</comment>
        <translation>{name}在与{rivals}的PK中出局。</translation>
    </message>
    <message>
        <source>{count} players died on night {night}: {names}.</source>
        <comment>moment.night.deaths</comment>
        <translation>第{night}夜有{count}名玩家死亡：{names}。</translation>
    </message>
    <message>
        <source>The match reached its day limit on day {day}: a draw.</source>
        <comment>moment.draw</comment>
        <translation>比赛在第{day}天达到天数上限：平局。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::KeyMomentsModel</name>
    <message>
        <source>%1, day %2: %3</source>
        <translation>%1，第 %2 天：%3</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Moment</source>
        <translation>关键时刻</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>天</translation>
    </message>
    <message>
        <source>SPOILER</source>
        <translation>剧透</translation>
    </message>
    <message>
        <source>Day %1 · jump ›</source>
        <translation>第 %1 天 · 跳转 ›</translation>
    </message>
    <message>
        <source>D%1</source>
        <translation>第%1天</translation>
    </message>
    <message>
        <source>Day %1</source>
        <translation>第 %1 天</translation>
    </message>
</context>
<context>
    <name>townhall::ui::LeaderboardModel</name>
    <message>
        <source>Timeouts %1, illegal calls %2, no vote %3, self-votes %4, stand-in turns %5</source>
        <translation>超时 %1，非法调用 %2，未投票 %3，投自己 %4，替补回合 %5</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>OpenSkill rating μ with its 95% interval (μ ± 1.96σ)</source>
        <translation>OpenSkill 评分 μ 及其 95% 区间（μ ± 1.96σ）</translation>
    </message>
    <message>
        <source>Wins per game, with the Wilson 95% interval</source>
        <translation>每局胜率，附 Wilson 95% 区间</translation>
    </message>
    <message>
        <source>Timeouts · illegal calls · no vote · self-votes · stand-in turns</source>
        <translation>超时 · 非法调用 · 未投票 · 投自己 · 替补回合</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参赛者</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>局数</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>胜率</translation>
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
        <translation>错误</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Identification precision: of its day votes on the village side, the share that named a werewolf</source>
        <translation>识别精度：其在好人阵营时的白天投票中投给狼人的比例</translation>
    </message>
    <message>
        <source>Voting success: of its day votes, the share that named the player the round eliminated</source>
        <translation>投票成功率：其白天投票中投给本轮被放逐者的比例</translation>
    </message>
    <message>
        <source>Kill survival rate: of its nights alive on the village side, the share it survived</source>
        <translation>夜间存活率：其在好人阵营时存活进入的夜晚中活下来的比例</translation>
    </message>
    <message>
        <source>timeouts %1</source>
        <translation>超时 %1</translation>
    </message>
    <message>
        <source>illegal %1</source>
        <translation>非法调用 %1</translation>
    </message>
    <message>
        <source>no vote %1</source>
        <translation>未投票 %1</translation>
    </message>
    <message>
        <source>self-vote %1</source>
        <translation>投自己 %1</translation>
    </message>
    <message>
        <source>stand-in %1</source>
        <translation>替补 %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>townhall::ui::LeaderboardPanel</name>
    <message>
        <source>person</source>
        <translation>真人</translation>
    </message>
    <message>
        <source>spoiled: the host unlocked the omniscient view while a person played; left out of the ratings</source>
        <translation>已泄底：真人对局期间主持人解锁了全知视角；不计入评分</translation>
    </message>
    <message numerus="yes">
        <source> · %n spoiled match(es) left out of the ratings</source>
        <translation>
            <numerusform> · %n 场泄底对局未计入评分</numerusform>
        </translation>
    </message>
    <message>
        <source>bot</source>
        <translation>机器人</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>MCP agent</source>
        <translation>MCP 智能体</translation>
    </message>
    <message>
        <source>push agent</source>
        <translation>推送智能体</translation>
    </message>
    <message>
        <source>all roles</source>
        <translation>全部角色</translation>
    </message>
    <message>
        <source>No tournament results yet. Start one from Tournament → New tournament…; its standings appear here as its matches finish.</source>
        <translation>还没有锦标赛结果。从“锦标赛 → 新建锦标赛…”开始一个；对局结束后排名会显示在这里。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Win rate by role</source>
        <translation>各角色胜率</translation>
    </message>
    <message>
        <source>Cost against rating</source>
        <translation>费用与评分</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Roles</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>对局</translation>
    </message>
    <message>
        <source>%1 of %2 matches (%3 running)</source>
        <translation>%1 / %2 场对局（%3 场进行中）</translation>
    </message>
    <message>
        <source>%1 of %2 matches</source>
        <translation>%1 / %2 场对局</translation>
    </message>
    <message>
        <source>%1 — rules %2 · %3 counted, %4 voided, %5 forfeited · village %6, werewolves %7, draws %8</source>
        <translation>%1 — 规则 %2 · 计入 %3，作废 %4，判负 %5 · 好人胜 %6，狼人胜 %7，平局 %8</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>rating μ</source>
        <translation>评分 μ</translation>
    </message>
    <message>
        <source>win rate (%)</source>
        <translation>胜率（%）</translation>
    </message>
    <message>
        <source>cost per turn (USD)</source>
        <translation>每回合费用（美元）</translation>
    </message>
    <message>
        <source>tokens per game</source>
        <translation>每局词元</translation>
    </message>
    <message>
        <source>%1 — playing on %2</source>
        <translation>%1 — 正在 %2 上进行</translation>
    </message>
    <message>
        <source>Host %1 is playing this match now. Watch it live with Match → Watch a host… on that host&apos;s spectator address; it can be replayed here once it has ended.</source>
        <translation>主机 %1 正在进行此对局。可通过“对局 → 观看主机…”输入该主机的观战地址实时观看；对局结束后可在此回放。</translation>
    </message>
    <message>
        <source>&amp;Tournament:</source>
        <translation>锦标赛(&amp;T)：</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>锦标赛</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Read the tournaments of the database again (one running from the command line grows as its matches end)</source>
        <translation>重新读取数据库中的锦标赛（命令行中运行的锦标赛会随对局结束而更新）</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>%1 of %2 played</source>
        <translation>已进行 %1/%2</translation>
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
        <translation>第 %1 局</translation>
    </message>
    <message>
        <source>%1 won</source>
        <translation>%1获胜</translation>
    </message>
    <message>
        <source>a draw</source>
        <translation>平局</translation>
    </message>
    <message>
        <source>voided</source>
        <translation>作废</translation>
    </message>
    <message>
        <source>forfeited</source>
        <translation>判负</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
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
        <translation>市政厅</translation>
    </message>
    <message>
        <source>Agents waiting in the queue</source>
        <translation>排队等候的智能体</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>waiting for the host</source>
        <translation>正在等待主机</translation>
    </message>
    <message>
        <source>&amp;Omniscient view</source>
        <translation>全知视角(&amp;O)</translation>
    </message>
    <message>
        <source>Show every role, the night actions, wolf chat and seer results — spoilers! (Ctrl+Shift+O). Changes only this window.</source>
        <translation>显示所有身份、夜间行动、狼人私聊和预言家查验结果——含剧透！（Ctrl+Shift+O）。只影响本窗口。</translation>
    </message>
    <message>
        <source>&amp;Demo match</source>
        <translation>演示对局(&amp;D)</translation>
    </message>
    <message>
        <source>Start a match of eight built-in bots (Ctrl+N)</source>
        <translation>开始一局由八个内置机器人进行的对局（Ctrl+N）</translation>
    </message>
    <message>
        <source>&amp;Fill seats with bots</source>
        <translation>用机器人补满座位(&amp;F)</translation>
    </message>
    <message>
        <source>Queue built-in bots to fill the next table (Ctrl+B)</source>
        <translation>让内置机器人排队，补满下一桌（Ctrl+B）</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Pause or resume the selected match&apos;s clock (Ctrl+P)</source>
        <translation>暂停或继续所选对局的计时（Ctrl+P）</translation>
    </message>
    <message>
        <source>&amp;Skip phase</source>
        <translation>跳过阶段(&amp;S)</translation>
    </message>
    <message>
        <source>End the selected match&apos;s current phase now (Ctrl+Right)</source>
        <translation>立即结束所选对局的当前阶段（Ctrl+→）</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;About Town Hall</source>
        <translation>关于市政厅(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Fit the town</source>
        <translation>显示整个小镇(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <source>Omniscient view</source>
        <translation>全知视角</translation>
    </message>
    <message>
        <source>Number of bots</source>
        <translation>机器人数量</translation>
    </message>
    <message>
        <source>How many built-in bots to seat</source>
        <translation>要入座的内置机器人数量</translation>
    </message>
    <message>
        <source> Speed </source>
        <translation> 速度 </translation>
    </message>
    <message>
        <source>Speed factor</source>
        <translation>速度倍率</translation>
    </message>
    <message>
        <source>Timer speed for the host&apos;s matches</source>
        <translation>本主机对局的计时速度</translation>
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
        <translation>MCP 服务器地址</translation>
    </message>
    <message>
        <source>Point your agents&apos; MCP client here</source>
        <translation>将智能体的 MCP 客户端指向这里</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the MCP URL</source>
        <translation>复制 MCP 地址</translation>
    </message>
    <message>
        <source>Copy the MCP URL to the clipboard</source>
        <translation>将 MCP 地址复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Town Hall</source>
        <translation>市政厅(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Match</source>
        <translation>对局(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>已复制 %1</translation>
    </message>
    <message>
        <source>Matches: %1 running, %2 in total</source>
        <translation>对局：%1 局进行中，共 %2 局</translation>
    </message>
    <message>
        <source>QUEUE — nobody waiting</source>
        <translation>队列 — 无人等候</translation>
    </message>
    <message>
        <source>QUEUE — waiting: %1</source>
        <translation>队列 — 等候中：%1</translation>
    </message>
    <message>
        <source>MCP server: %1</source>
        <translation>MCP 服务器：%1</translation>
    </message>
    <message>
        <source>MCP server %1 — %2</source>
        <translation>MCP 服务器 %1 — %2</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>Town Hall — a problem</source>
        <translation>市政厅 — 出现问题</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>Werewolf Game #%1 — Town Hall</source>
        <translation>狼人杀 #%1 — 市政厅</translation>
    </message>
    <message>
        <source>[omniscient]</source>
        <translation>[全知视角]</translation>
    </message>
    <message>
        <source>Settings saved. The port, guest agents, data directory and language apply at the next start.</source>
        <translation>设置已保存。端口、访客智能体、数据目录和语言将在下次启动时生效。</translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation>设置已保存。</translation>
    </message>
    <message>
        <source>About Town Hall</source>
        <translation>关于市政厅</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Town Hall&lt;/h3&gt;&lt;p&gt;Werewolf matches for LLM agents, hosted over MCP on this computer and shown live.&lt;/p&gt;&lt;p&gt;The public view shows only what is public. The omniscient view is for this window only; it changes nothing in play.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;市政厅&lt;/h3&gt;&lt;p&gt;为大语言模型智能体举办的狼人杀对局：在本机通过 MCP 托管，并实时展示。&lt;/p&gt;&lt;p&gt;公开视角只显示公开的信息。全知视角仅用于本窗口，不会改变对局中的任何内容。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Break at each &amp;phase</source>
        <translation>每个阶段开始时断点暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Pause the selected match as each new phase begins</source>
        <translation>所选对局每进入一个新阶段时暂停</translation>
    </message>
    <message>
        <source>Break before &amp;vote resolution</source>
        <translation>投票结算前断点暂停(&amp;V)</translation>
    </message>
    <message>
        <source>Pause the selected match right before its votes are counted, also when everyone voted early</source>
        <translation>在所选对局计票前暂停，所有人提前投完票时也一样</translation>
    </message>
    <message>
        <source>S&amp;tep one phase</source>
        <translation>单步执行一个阶段(&amp;T)</translation>
    </message>
    <message>
        <source>Play the selected match to the start of its next phase, then pause (Ctrl+.)</source>
        <translation>让所选对局运行到下一阶段开始，然后暂停（Ctrl+.）</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>&amp;Agents</source>
        <translation>智能体(&amp;A)</translation>
    </message>
    <message>
        <source>Register agents, see their sessions and matches, copy client configurations (Ctrl+Shift+A)</source>
        <translation>注册智能体，查看其会话与对局，复制客户端配置（Ctrl+Shift+A）</translation>
    </message>
    <message>
        <source>Tool-call &amp;inspector</source>
        <translation>工具调用检查器(&amp;I)</translation>
    </message>
    <message>
        <source>Every MCP call of every agent, night actions included (spoilers), with what each agent could see (Ctrl+Shift+I)</source>
        <translation>每个智能体的每次 MCP 调用，包括夜间行动（含剧透），以及每个智能体当时能看到的内容（Ctrl+Shift+I）</translation>
    </message>
    <message>
        <source>Copy &amp;chapters</source>
        <translation>复制章节(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the selected match&apos;s chapter marks for a video description (public events only)</source>
        <translation>复制所选对局的章节标记，用于视频简介（仅公开事件）</translation>
    </message>
    <message>
        <source>&amp;Broadcast window</source>
        <translation>直播窗口(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Watch a host…</source>
        <translation>观看主机(&amp;W)……</translation>
    </message>
    <message>
        <source>&amp;Invite players…</source>
        <translation>邀请玩家(&amp;I)…</translation>
    </message>
    <message>
        <source>Offer seats to people on phones and laptops of the local network</source>
        <translation>把座位提供给本地网络中用手机和笔记本电脑的人</translation>
    </message>
    <message>
        <source>Select a match first.</source>
        <translation>请先选择一个对局。</translation>
    </message>
    <message>
        <source>Chapters of %1 copied.</source>
        <translation>已复制 %1 的章节。</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>排行榜</translation>
    </message>
    <message>
        <source>&amp;Tournament</source>
        <translation>锦标赛(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;New tournament…</source>
        <translation>新建锦标赛(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Leaderboard</source>
        <translation>排行榜(&amp;L)</translation>
    </message>
    <message>
        <source>Open &amp;shared tournament…</source>
        <translation>打开共享锦标赛(&amp;S)…</translation>
    </message>
    <message>
        <source>Follow a tournament that headless hosts play in a shared PostgreSQL database</source>
        <translation>跟踪由无界面主机在共享 PostgreSQL 数据库中进行的锦标赛</translation>
    </message>
    <message>
        <source>Seat health</source>
        <translation>座位状况</translation>
    </message>
    <message>
        <source>Seat &amp;health</source>
        <translation>座位状况(&amp;H)</translation>
    </message>
    <message>
        <source>Each seat&apos;s deadline, missed turns, latency and errors, and the model a model seat plays with (Ctrl+Shift+H)</source>
        <translation>每个座位的截止时间、错过的回合、延迟和错误，以及模型座位所用的模型（Ctrl+Shift+H）</translation>
    </message>
    <message>
        <source>Spoilers locked</source>
        <translation>剧透已锁定</translation>
    </message>
    <message>
        <source>&amp;Unlock anyway</source>
        <translation>仍然解锁(&amp;U)</translation>
    </message>
    <message>
        <source>Show the omniscient view, the inspector&apos;s calls and the models&apos; thoughts of the match you play in; it is marked spoiled (left out of ratings)</source>
        <translation>显示你所参与对局的全知视角、检查器中的调用和模型的想法；该对局将被标记为已剧透（不计入评分）</translation>
    </message>
    <message>
        <source>Your seat</source>
        <translation>你的座位</translation>
    </message>
    <message>
        <source>&amp;Your seat</source>
        <translation>你的座位(&amp;Y)</translation>
    </message>
    <message>
        <source>The seat you play: your role, what you know and your moves (Ctrl+Shift+Y)</source>
        <translation>你所玩的座位：你的身份、你知道的信息和你的行动（Ctrl+Shift+Y）</translation>
    </message>
    <message>
        <source>Locked while you play in %1</source>
        <translation>你在 %1 中游戏时已锁定</translation>
    </message>
    <message>
        <source>Spoilers are locked: you play a seat in %1. The omniscient view, that match&apos;s calls in the inspector and the models&apos; thoughts stay hidden until it ends.</source>
        <translation>剧透已锁定：你在 %1 中有一个座位。在对局结束前，全知视角、检查器中该对局的调用以及模型的想法都将隐藏。</translation>
    </message>
    <message>
        <source>Spoilers unlocked: %1 is marked spoiled.</source>
        <translation>剧透已解锁：%1 已被标记为已剧透。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::MatchBuildingItem</name>
    <message>
        <source>%1 is waiting for a table</source>
        <translation>%1 正在等待入座</translation>
    </message>
    <message>
        <source>Werewolf Game #%1</source>
        <translation>狼人杀 #%1</translation>
    </message>
    <message>
        <source>%1 alive</source>
        <translation>%1 人存活</translation>
    </message>
    <message>
        <source>%1 win</source>
        <translation>%1获胜</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Night %1</source>
        <translation>第 %1 夜</translation>
    </message>
    <message>
        <source>Day %1 · %2</source>
        <translation>第 %1 天 · %2</translation>
    </message>
    <message>
        <source>%1 — %2, %3 of %4 alive. Click to watch.</source>
        <translation>%1 — %2，%4 人中 %3 人存活。点击观战。</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>平局</translation>
    </message>
    <message>
        <source>Night %1 · %2</source>
        <translation>第%1夜 · %2</translation>
    </message>
</context>
<context>
    <name>townhall::ui::Narrator</name>
    <message>
        <source>Werewolf Game #{matchNumber} is about to begin. {names} take their seats in the Town Hall.</source>
        <comment>lobby.open.1</comment>
        <translation>狼人杀 #{matchNumber} 即将开始。{names} 在市政厅依次就座。</translation>
    </message>
    <message>
        <source>Hear ye, hear ye! {count|word|cap} townsfolk gather for Werewolf Game #{matchNumber}: {names}.</source>
        <comment>lobby.open.2</comment>
        <translation>请注意，请注意！{count|word}位镇民齐聚狼人杀 #{matchNumber}：{names}。</translation>
    </message>
    <message>
        <source>The Town Hall doors creak open for Game #{matchNumber}. Not everyone among {names} is what they seem.</source>
        <comment>lobby.open.3</comment>
        <translation>市政厅的大门吱呀一声打开，狼人杀 #{matchNumber} 开局了。{names} 之中，并非人人都表里如一。</translation>
    </message>
    <message>
        <source>Welcome to Werewolf Game #{matchNumber}! Tonight&apos;s guests: {names}. Ready up, and trust no one.</source>
        <comment>lobby.open.4</comment>
        <translation>欢迎来到狼人杀 #{matchNumber}！今晚的来宾：{names}。请准备就绪，谁也别相信。</translation>
    </message>
    <message>
        <source>Night falls on the village for the first time. Somewhere in the dark, the werewolves wake.</source>
        <comment>night.first.1</comment>
        <translation>夜幕第一次笼罩村庄。黑暗中的某处，狼人睁开了眼睛。</translation>
    </message>
    <message>
        <source>The sun sets on Night {night}. Lock your doors: the wolves are hungry.</source>
        <comment>night.first.2</comment>
        <translation>太阳落山，第 {night} 夜降临。锁好门窗：狼已经饿了。</translation>
    </message>
    <message>
        <source>Darkness settles over the Town Hall. Night {night} begins, and not everyone is sleeping.</source>
        <comment>night.first.3</comment>
        <translation>黑暗笼罩市政厅。第 {night} 夜开始了，并不是每个人都在沉睡。</translation>
    </message>
    <message>
        <source>Night {night} falls. The village sleeps uneasily.</source>
        <comment>night.falls.1</comment>
        <translation>第 {night} 夜降临。村庄在不安中入睡。</translation>
    </message>
    <message>
        <source>The moon rises over Night {night}. Who will see the morning?</source>
        <comment>night.falls.2</comment>
        <translation>第 {night} 夜，月亮升起。谁能看到明天的太阳？</translation>
    </message>
    <message>
        <source>Darkness returns: Night {night} begins. Somewhere, claws are being sharpened.</source>
        <comment>night.falls.3</comment>
        <translation>黑暗再度降临：第 {night} 夜开始。某个角落里，有利爪正在磨亮。</translation>
    </message>
    <message>
        <source>Candles out. Night {night} has come, and the wolves are on the prowl.</source>
        <comment>night.falls.4</comment>
        <translation>熄灭烛火。第 {night} 夜已至，狼群正四处觅食。</translation>
    </message>
    <message>
        <source>Day {day} is over: {name} was cast out and revealed as {role|a}. {alive} players remain.</source>
        <comment>summary.day.out.1</comment>
        <translation>第 {day} 天结束：{name} 被放逐，身份是{role}。场上还剩 {alive} 名玩家。</translation>
    </message>
    <message>
        <source>So ends Day {day}. The village exiled {name} ({role}); {alive|word} survivors head home.</source>
        <comment>summary.day.out.2</comment>
        <translation>第 {day} 天就此结束。村庄放逐了 {name}（{role}）；{alive|word}名幸存者各自回家。</translation>
    </message>
    <message>
        <source>Recap of Day {day}: out goes {name}, {role|a}. {alive|word|cap} players are left.</source>
        <comment>summary.day.out.3</comment>
        <translation>第 {day} 天回顾：{name} 出局，身份是{role}。还剩{alive|word}名玩家。</translation>
    </message>
    <message>
        <source>Day {day} ends without an elimination. {alive} players remain.</source>
        <comment>summary.day.none.1</comment>
        <translation>第 {day} 天结束，无人出局。场上还剩 {alive} 名玩家。</translation>
    </message>
    <message>
        <source>The village could not agree on Day {day}. All {alive|word} survivors live to see the night.</source>
        <comment>summary.day.none.2</comment>
        <translation>第 {day} 天，村庄未能达成一致。全部{alive|word}名幸存者都活到了夜晚。</translation>
    </message>
    <message>
        <source>Recap of Day {day}: nobody was cast out. {alive|word|cap} players are left.</source>
        <comment>summary.day.none.3</comment>
        <translation>第 {day} 天回顾：无人被放逐。还剩{alive|word}名玩家。</translation>
    </message>
    <message>
        <source>Dawn breaks after Night {night}. The wolves struck, but someone was saved! Nobody died.</source>
        <comment>dawn.saved.1</comment>
        <translation>第 {night} 夜过去，天亮了。狼人出手了，但有人被救了下来！无人死亡。</translation>
    </message>
    <message>
        <source>A miracle at dawn: the wolves&apos; attack failed. The doctor&apos;s care kept everyone alive through Night {night}.</source>
        <comment>dawn.saved.2</comment>
        <translation>黎明的奇迹：狼人的袭击失败了。医生的守护让所有人平安度过了第 {night} 夜。</translation>
    </message>
    <message>
        <source>Morning comes and every bed is warm. Night {night}&apos;s attack was thwarted by the doctor.</source>
        <comment>dawn.saved.3</comment>
        <translation>清晨来临，每张床上都有人安睡。第 {night} 夜的袭击被医生挫败了。</translation>
    </message>
    <message>
        <source>Dawn breaks on a quiet night. Nobody died during Night {night}.</source>
        <comment>dawn.quiet.1</comment>
        <translation>平静的一夜过去，天亮了。第 {night} 夜无人死亡。</translation>
    </message>
    <message>
        <source>Night {night} passes without a death. The village exhales.</source>
        <comment>dawn.quiet.2</comment>
        <translation>第 {night} 夜平安无事，无人死亡。村庄松了一口气。</translation>
    </message>
    <message>
        <source>Dawn breaks. {name} was found dead after Night {night}. They were {role|a}.</source>
        <comment>dawn.death.1</comment>
        <translation>天亮了。第 {night} 夜过后，{name} 被发现死去。其身份是{role}。</translation>
    </message>
    <message>
        <source>A scream at sunrise: the wolves took {name} in the night. {name} was {role|a}.</source>
        <comment>dawn.death.2</comment>
        <translation>日出时一声尖叫：狼人在夜里带走了 {name}。{name} 的身份是{role}。</translation>
    </message>
    <message>
        <source>The village wakes to grim news: {name} did not survive Night {night}. Revealed: {role|a}.</source>
        <comment>dawn.death.3</comment>
        <translation>村庄醒来，迎来噩耗：{name} 没能熬过第 {night} 夜。身份揭晓：{role}。</translation>
    </message>
    <message>
        <source>Morning light finds {name}&apos;s door broken. {name}, {role|a}, is gone.</source>
        <comment>dawn.death.4</comment>
        <translation>晨光照见 {name} 家的门已被撞破。{name}（{role}）遇害了。</translation>
    </message>
    <message>
        <source>Disaster at dawn: {name} is dead, and {name} was the seer. The village has lost its eyes.</source>
        <comment>dawn.death.seer.1</comment>
        <translation>黎明的灾难：{name} 死了，而 {name} 正是预言家。村庄失去了它的眼睛。</translation>
    </message>
    <message>
        <source>The wolves found the seer. {name} did not survive Night {night}.</source>
        <comment>dawn.death.seer.2</comment>
        <translation>狼人找到了预言家。{name} 没能熬过第 {night} 夜。</translation>
    </message>
    <message>
        <source>Dawn brings a heavy loss: {name}, the doctor, was killed in Night {night}. No one is watching over the village now.</source>
        <comment>dawn.death.doctor.1</comment>
        <translation>黎明带来沉重的损失：医生 {name} 在第 {night} 夜遇害。从此再没有人守护村庄了。</translation>
    </message>
    <message>
        <source>The wolves got to the healer first. {name} was the doctor.</source>
        <comment>dawn.death.doctor.2</comment>
        <translation>狼人抢先一步找到了医者。{name} 是医生。</translation>
    </message>
    <message>
        <source>Day {day} begins. {alive|word|cap} players remain: {names}.</source>
        <comment>day.begins.1</comment>
        <translation>第 {day} 天开始。还剩{alive|word}名玩家：{names}。</translation>
    </message>
    <message>
        <source>The sun is up on Day {day}. Still standing: {names}.</source>
        <comment>day.begins.2</comment>
        <translation>第 {day} 天，太阳升起。仍然活着的有：{names}。</translation>
    </message>
    <message>
        <source>Day {day}. {alive|word|cap} survivors gather in the Town Hall: {names}.</source>
        <comment>day.begins.3</comment>
        <translation>第 {day} 天。{alive|word}名幸存者聚集在市政厅：{names}。</translation>
    </message>
    <message>
        <source>{wolves|word|cap} werewolves still hide among the {alive|word} living.</source>
        <comment>hype.wolves.1</comment>
        <translation>还有{wolves|word}名狼人藏在{alive|word}名生者之中。</translation>
    </message>
    <message>
        <source>Remember: {wolves|word} werewolves are still out there, and they are sitting at this table.</source>
        <comment>hype.wolves.2</comment>
        <translation>记住：还有{wolves|word}名狼人潜伏着，而且就坐在这张桌子旁。</translation>
    </message>
    <message>
        <source>One werewolf remains among the {alive|word} living. Find it, and the village is saved.</source>
        <comment>hype.lastwolf.1</comment>
        <translation>{alive|word}名生者之中只剩一名狼人。找出它，村庄就得救了。</translation>
    </message>
    <message>
        <source>Only one wolf left. One good vote could end this.</source>
        <comment>hype.lastwolf.2</comment>
        <translation>只剩最后一只狼了。一次正确的投票就能结束这一切。</translation>
    </message>
    <message>
        <source>Opening statements: each of the {count|word} players gets one turn. {name} speaks first.</source>
        <comment>day.opening.1</comment>
        <translation>开场发言：{count|word}名玩家每人发言一次。{name} 首先发言。</translation>
    </message>
    <message>
        <source>Time for openings, one statement each. The floor goes to {name}.</source>
        <comment>day.opening.2</comment>
        <translation>开场发言时间，每人一次。请 {name} 发言。</translation>
    </message>
    <message>
        <source>Let the openings begin. {name}, you have the floor.</source>
        <comment>day.opening.3</comment>
        <translation>开场发言开始。{name}，请发言。</translation>
    </message>
    <message>
        <source>Last opening statement of the day: {name}.</source>
        <comment>turn.last.1</comment>
        <translation>今天最后一位开场发言：{name}。</translation>
    </message>
    <message>
        <source>And finally, {name} has the floor.</source>
        <comment>turn.last.2</comment>
        <translation>最后，轮到 {name} 发言。</translation>
    </message>
    <message>
        <source>The floor is open: {seconds} seconds of free debate.</source>
        <comment>day.discussion.1</comment>
        <translation>自由发言开始：{seconds} 秒自由辩论。</translation>
    </message>
    <message>
        <source>Discussion time! Accuse, defend, persuade: {seconds} seconds on the clock.</source>
        <comment>day.discussion.2</comment>
        <translation>讨论时间！指控、辩护、说服：倒计时 {seconds} 秒。</translation>
    </message>
    <message>
        <source>Openings are done. Now the real arguments begin.</source>
        <comment>day.discussion.3</comment>
        <translation>开场发言结束。真正的交锋现在开始。</translation>
    </message>
    <message>
        <source>Voting is open! {seconds} seconds to choose who leaves the village.</source>
        <comment>day.vote.1</comment>
        <translation>投票开始！{seconds} 秒内决定谁离开村庄。</translation>
    </message>
    <message>
        <source>Talk is over. Cast your votes, and remember: a tie means nobody goes.</source>
        <comment>day.vote.2</comment>
        <translation>讨论结束。请投票，记住：平票则无人出局。</translation>
    </message>
    <message>
        <source>The ballot box opens. Who will the village cast out on Day {day}?</source>
        <comment>day.vote.3</comment>
        <translation>票箱打开了。第 {day} 天，村庄会放逐谁？</translation>
    </message>
    <message>
        <source>{voter} switches from {from} to {target}! {target} now has {count|votes}.</source>
        <comment>vote.flip.1</comment>
        <translation>{voter} 把票从 {from} 改投给 {target}！{target} 现在有 {count|votes}。</translation>
    </message>
    <message>
        <source>A change of heart: {voter} moves their vote from {from} to {target}.</source>
        <comment>vote.flip.2</comment>
        <translation>改变主意了：{voter} 把票从 {from} 转投给 {target}。</translation>
    </message>
    <message>
        <source>{voter} flips to {target}. The tally shifts.</source>
        <comment>vote.flip.3</comment>
        <translation>{voter} 改投 {target}。票型发生了变化。</translation>
    </message>
    <message>
        <source>{voter} stops abstaining and votes for {target}.</source>
        <comment>vote.flip.fromabstain.1</comment>
        <translation>{voter} 不再弃票，投给了 {target}。</translation>
    </message>
    <message>
        <source>{voter} makes up their mind: a vote for {target}, now at {count|votes}.</source>
        <comment>vote.flip.fromabstain.2</comment>
        <translation>{voter} 下定了决心：投给 {target}，其票数现为 {count|votes}。</translation>
    </message>
    <message>
        <source>{target} now has {count} of {alive} votes: a majority!</source>
        <comment>vote.majority.1</comment>
        <translation>{target} 已获得 {alive} 票中的 {count} 票：过半数了！</translation>
    </message>
    <message>
        <source>The votes pile up against {target}: {count} and counting.</source>
        <comment>vote.majority.2</comment>
        <translation>针对 {target} 的票越来越多：已有 {count} 票，还在增加。</translation>
    </message>
    <message>
        <source>{count|word|cap} votes on {target}. It is looking grim.</source>
        <comment>vote.majority.3</comment>
        <translation>{target} 已经被投了{count|word}票。形势不妙。</translation>
    </message>
    <message>
        <source>The village has spoken: {name} is cast out with {votes|votes}. {name} was {role|a}.</source>
        <comment>vote.out.1</comment>
        <translation>村庄作出了决定：{name} 以 {votes|votes}被放逐。{name} 的身份是{role}。</translation>
    </message>
    <message>
        <source>With {votes|votes}, {name} is eliminated… and revealed as {role|a}. An innocent falls.</source>
        <comment>vote.out.2</comment>
        <translation>{name} 以 {votes|votes}出局……身份揭晓：{role}。一位无辜者倒下了。</translation>
    </message>
    <message>
        <source>{name} leaves the Town Hall for good ({votes|votes}). The reveal: {role|a}.</source>
        <comment>vote.out.3</comment>
        <translation>{name} 永远离开了市政厅（{votes|votes}）。身份揭晓：{role}。</translation>
    </message>
    <message>
        <source>Got one! {name} is voted out with {votes|votes}, and was a werewolf!</source>
        <comment>vote.out.wolf.1</comment>
        <translation>抓到一个！{name} 以 {votes|votes}被投出局，正是狼人！</translation>
    </message>
    <message>
        <source>The village&apos;s aim is true: {name}, eliminated with {votes|votes}, was a werewolf.</source>
        <comment>vote.out.wolf.2</comment>
        <translation>村庄这次投准了：以 {votes|votes}出局的 {name} 是狼人。</translation>
    </message>
    <message>
        <source>{votes|votes|cap} send {name} away. The mask slips: werewolf!</source>
        <comment>vote.out.wolf.3</comment>
        <translation>{votes|votes}将 {name} 送走。面具滑落：是狼人！</translation>
    </message>
    <message>
        <source>A tie! {names} have {count|votes} each. Nobody is eliminated today.</source>
        <comment>vote.tie.1</comment>
        <translation>平票！{names} 各得 {count|votes}。今天无人出局。</translation>
    </message>
    <message>
        <source>Deadlock between {names}. Without a clear result, everyone survives the day.</source>
        <comment>vote.tie.2</comment>
        <translation>{names} 之间僵持不下。没有明确结果，今天所有人都活了下来。</translation>
    </message>
    <message>
        <source>Not a single vote was cast. Day {day} ends without an elimination.</source>
        <comment>vote.none.1</comment>
        <translation>一票都没有投出。第 {day} 天无人出局。</translation>
    </message>
    <message>
        <source>The village abstains. Everyone is spared today.</source>
        <comment>vote.none.2</comment>
        <translation>全村弃票。今天所有人都幸免于难。</translation>
    </message>
    <message>
        <source>{name} may speak their last words.</source>
        <comment>lastwords.invite.1</comment>
        <translation>请 {name} 发表遗言。</translation>
    </message>
    <message>
        <source>Before leaving, {name} gets one final statement.</source>
        <comment>lastwords.invite.2</comment>
        <translation>离开之前，{name} 还有最后一次发言机会。</translation>
    </message>
    <message>
        <source>{name} has said their piece. The village will remember.</source>
        <comment>lastwords.said.1</comment>
        <translation>{name} 留下了遗言。村庄会记住的。</translation>
    </message>
    <message>
        <source>With those last words, {name} leaves the Town Hall.</source>
        <comment>lastwords.said.2</comment>
        <translation>留下这番遗言后，{name} 离开了市政厅。</translation>
    </message>
    <message>
        <source>{name} claims to be the seer! Truth, or a desperate bluff?</source>
        <comment>claim.seer.1</comment>
        <translation>{name} 声称自己是预言家！是真话，还是孤注一掷的诈唬？</translation>
    </message>
    <message>
        <source>Bold move: {name} says they are the seer.</source>
        <comment>claim.seer.2</comment>
        <translation>大胆的一步：{name} 自称预言家。</translation>
    </message>
    <message>
        <source>A seer claim from {name}! The village must decide whether to believe it.</source>
        <comment>claim.seer.3</comment>
        <translation>{name} 跳预言家了！村庄必须决定是否相信。</translation>
    </message>
    <message>
        <source>The last werewolf is gone! The village wins on Day {days}.</source>
        <comment>game.over.villagers.1</comment>
        <translation>最后一只狼人也消失了！村庄在第 {days} 天获胜。</translation>
    </message>
    <message>
        <source>Victory for the village! {survivors|word|cap} survivors can finally sleep at night.</source>
        <comment>game.over.villagers.2</comment>
        <translation>村庄胜利！{survivors|word}名幸存者终于可以在夜里安睡了。</translation>
    </message>
    <message>
        <source>It&apos;s over: every werewolf has been found. The villagers triumph.</source>
        <comment>game.over.villagers.3</comment>
        <translation>结束了：所有狼人都已被找出。村民获胜。</translation>
    </message>
    <message>
        <source>The werewolves now match the village in number. The werewolves win!</source>
        <comment>game.over.werewolves.1</comment>
        <translation>狼人的数量已与村民持平。狼人获胜！</translation>
    </message>
    <message>
        <source>Too late for the village: the wolves have taken the Town Hall. The werewolves win.</source>
        <comment>game.over.werewolves.2</comment>
        <translation>村庄醒悟得太晚了：狼群占领了市政厅。狼人获胜。</translation>
    </message>
    <message>
        <source>Howls fill the night. The werewolves win, with {survivors|word} players left standing.</source>
        <comment>game.over.werewolves.3</comment>
        <translation>狼嚎响彻夜空。狼人获胜，场上还剩{survivors|word}名玩家。</translation>
    </message>
    <message>
        <source>The masks come off: the werewolves were {wolves}. {seer} was the seer and {doctor} the doctor.</source>
        <comment>game.reveal.1</comment>
        <translation>面具揭下：狼人是 {wolves}。{seer} 是预言家，{doctor} 是医生。</translation>
    </message>
    <message>
        <source>All is revealed. Werewolves: {wolves}. Seer: {seer}. Doctor: {doctor}.</source>
        <comment>game.reveal.2</comment>
        <translation>真相大白。狼人：{wolves}。预言家：{seer}。医生：{doctor}。</translation>
    </message>
    <message>
        <source>The masks come off: the werewolves were {wolves}.</source>
        <comment>game.reveal.wolves.1</comment>
        <translation>面具揭下：狼人是 {wolves}。</translation>
    </message>
    <message>
        <source>The host has paused the match. Everyone freeze!</source>
        <comment>match.paused.1</comment>
        <translation>主持人暂停了比赛。所有人原地不动！</translation>
    </message>
    <message>
        <source>A pause is called. The clock stops.</source>
        <comment>match.paused.2</comment>
        <translation>比赛暂停，计时停止。</translation>
    </message>
    <message>
        <source>The match resumes. The clock is running again.</source>
        <comment>match.resumed.1</comment>
        <translation>比赛继续，计时重新开始。</translation>
    </message>
    <message>
        <source>Play on! The match is back.</source>
        <comment>match.resumed.2</comment>
        <translation>继续！比赛恢复了。</translation>
    </message>
    <message>
        <source>Spoiler: {wolves} are the werewolves. {seer} is the seer, {doctor} the doctor.</source>
        <comment>omni.roles.1</comment>
        <translation>剧透：{wolves} 是狼人。{seer} 是预言家，{doctor} 是医生。</translation>
    </message>
    <message>
        <source>Behind the smiles: the wolves are {wolves}; {seer} holds the seer&apos;s sight and {doctor} the doctor&apos;s kit.</source>
        <comment>omni.roles.2</comment>
        <translation>笑容背后：狼人是 {wolves}；{seer} 拥有预言家的慧眼，{doctor} 握着医生的药箱。</translation>
    </message>
    <message>
        <source>The wolves, {wolves}, close in on {target}…</source>
        <comment>omni.wolves.agree.1</comment>
        <translation>狼人 {wolves} 正向 {target} 逼近……</translation>
    </message>
    <message>
        <source>{wolves} agree: tonight&apos;s prey is {target}.</source>
        <comment>omni.wolves.agree.2</comment>
        <translation>{wolves} 达成一致：今晚的猎物是 {target}。</translation>
    </message>
    <message>
        <source>Yellow eyes in the dark: {wolves} stalk {target}.</source>
        <comment>omni.wolves.agree.3</comment>
        <translation>黑暗中亮起黄色的眼睛：{wolves} 正在跟踪 {target}。</translation>
    </message>
    <message>
        <source>{wolf}, the last wolf, hunts {target} alone.</source>
        <comment>omni.wolf.alone.1</comment>
        <translation>最后一只狼 {wolf} 独自猎杀 {target}。</translation>
    </message>
    <message>
        <source>A lone wolf on the prowl: {wolf} has chosen {target}.</source>
        <comment>omni.wolf.alone.2</comment>
        <translation>孤狼出动：{wolf} 选中了 {target}。</translation>
    </message>
    <message>
        <source>The pack is split: {wolf1} wants {target1}, {wolf2} wants {target2}.</source>
        <comment>omni.wolves.split.1</comment>
        <translation>狼群出现分歧：{wolf1} 想要 {target1}，{wolf2} 想要 {target2}。</translation>
    </message>
    <message>
        <source>Disagreement in the den: {wolf1} picks {target1} while {wolf2} picks {target2}.</source>
        <comment>omni.wolves.split.2</comment>
        <translation>狼窝里意见不合：{wolf1} 选了 {target1}，而 {wolf2} 选了 {target2}。</translation>
    </message>
    <message>
        <source>The seer, {seer}, peers into {target}&apos;s heart… and sees a werewolf!</source>
        <comment>omni.seer.wolf.1</comment>
        <translation>预言家 {seer} 窥探 {target} 的内心……看到了一只狼人！</translation>
    </message>
    <message>
        <source>{seer} has found one: {target} is a werewolf.</source>
        <comment>omni.seer.wolf.2</comment>
        <translation>{seer} 查到了一个：{target} 是狼人。</translation>
    </message>
    <message>
        <source>{seer}, the seer, checks {target}: not a werewolf.</source>
        <comment>omni.seer.clean.1</comment>
        <translation>预言家 {seer} 查验了 {target}：不是狼人。</translation>
    </message>
    <message>
        <source>The seer&apos;s vision clears {target}. {seer} knows a little more tonight.</source>
        <comment>omni.seer.clean.2</comment>
        <translation>预言家的异象证明了 {target} 的清白。今晚 {seer} 又多知道了一些。</translation>
    </message>
    <message>
        <source>{doctor}, the doctor, watches over {target} tonight.</source>
        <comment>omni.doctor.1</comment>
        <translation>医生 {doctor} 今晚守护 {target}。</translation>
    </message>
    <message>
        <source>The doctor, {doctor}, slips into {target}&apos;s house with bandages ready.</source>
        <comment>omni.doctor.2</comment>
        <translation>医生 {doctor} 带着绷带悄悄溜进了 {target} 的家。</translation>
    </message>
    <message>
        <source>{doctor}, the doctor, bars their own door tonight.</source>
        <comment>omni.doctor.self.1</comment>
        <translation>医生 {doctor} 今晚闩上了自己的家门。</translation>
    </message>
    <message>
        <source>The doctor, {doctor}, keeps the medicine close tonight: a self-protect.</source>
        <comment>omni.doctor.self.2</comment>
        <translation>医生 {doctor} 今晚把药留给了自己：自救。</translation>
    </message>
    <message>
        <source>The wolves pounce on {victim}… but {doctor}, the doctor, was watching. {victim} lives!</source>
        <comment>omni.night.saved.1</comment>
        <translation>狼人扑向 {victim}……但医生 {doctor} 一直守在那里。{victim} 活了下来！</translation>
    </message>
    <message>
        <source>Saved! {doctor} guessed right and pulls {victim} from the wolves&apos; jaws.</source>
        <comment>omni.night.saved.2</comment>
        <translation>救下了！{doctor} 猜对了，把 {victim} 从狼口中救了出来。</translation>
    </message>
    <message>
        <source>The pack ({wolves}) strikes: {victim} ({role}) will not see the dawn.</source>
        <comment>omni.night.kill.1</comment>
        <translation>狼群（{wolves}）出手了：{victim}（{role}）将看不到黎明。</translation>
    </message>
    <message>
        <source>It is done. {victim}, {role|a}, falls to {wolves}.</source>
        <comment>omni.night.kill.2</comment>
        <translation>得手了。{victim}（{role}）倒在了 {wolves} 的爪下。</translation>
    </message>
    <message>
        <source>The wolves could not settle on a victim; fate picks {victim} ({role}).</source>
        <comment>omni.night.random.1</comment>
        <translation>狼人没能商定目标；命运选中了 {victim}（{role}）。</translation>
    </message>
    <message>
        <source>No agreement in the den, so the moon decides: {victim}, {role|a}, is taken.</source>
        <comment>omni.night.random.2</comment>
        <translation>狼窝里没有达成一致，于是由月亮决定：{victim}（{role}）被带走了。</translation>
    </message>
    <message>
        <source>Spoiler: still hiding among them, the wolves: {wolves}.</source>
        <comment>omni.day.status.1</comment>
        <translation>剧透：仍藏在众人之中的狼人是 {wolves}。</translation>
    </message>
    <message>
        <source>Only you can see it: {wolves}, sitting right there, smiling.</source>
        <comment>omni.day.status.2</comment>
        <translation>只有你看得见：{wolves} 就坐在那里，面带微笑。</translation>
    </message>
    <message>
        <source>{voter} votes against fellow werewolf {target}! Bussing a packmate to look innocent?</source>
        <comment>omni.bus.1</comment>
        <translation>{voter} 投票给狼队友 {target}！是卖队友来装好人吗？</translation>
    </message>
    <message>
        <source>Cold-blooded: {voter}, a wolf, puts a vote on their own packmate {target}.</source>
        <comment>omni.bus.2</comment>
        <translation>冷血无情：身为狼人的 {voter} 把票投给了自己的狼队友 {target}。</translation>
    </message>
    <message>
        <source>Spoiler: {name} is no seer but {role|a}. A bold bluff!</source>
        <comment>omni.claim.fake.1</comment>
        <translation>剧透：{name} 不是预言家，而是{role}。好大胆的悍跳！</translation>
    </message>
    <message>
        <source>Only you know it: {name}&apos;s seer claim is a lie. They are {role|a}.</source>
        <comment>omni.claim.fake.2</comment>
        <translation>只有你知道：{name} 跳预言家是假的。其真实身份是{role}。</translation>
    </message>
    <message>
        <source>Spoiler: {name} really is the seer.</source>
        <comment>omni.claim.true.1</comment>
        <translation>剧透：{name} 确实是预言家。</translation>
    </message>
    <message>
        <source>It&apos;s true: {name} is the genuine seer, and now the wolves know it too.</source>
        <comment>omni.claim.true.2</comment>
        <translation>是真的：{name} 是真预言家，而现在狼人也知道了。</translation>
    </message>
    <message>
        <source>Somewhere in the dark, the witch&apos;s hour comes and goes.</source>
        <comment>witch.stirs.1</comment>
        <translation>黑暗中，女巫的时刻悄然来去。</translation>
    </message>
    <message>
        <source>A cauldron bubbles in Night {night}. Whether anyone tends it, nobody can say.</source>
        <comment>witch.stirs.2</comment>
        <translation>第{night}夜，坩埚里咕嘟作响，是否有人照看，无人知晓。</translation>
    </message>
    <message>
        <source>Dawn breaks after Night {night}, and everyone wakes. A peaceful night.</source>
        <comment>dawn.peaceful.1</comment>
        <translation>第{night}夜过后天亮了，所有人都醒来了。平安夜。</translation>
    </message>
    <message>
        <source>Night {night} passes and no bed is empty.</source>
        <comment>dawn.peaceful.2</comment>
        <translation>第{night}夜过后天亮了，所有人都醒来了。平安夜。</translation>
    </message>
    <message>
        <source>A grim dawn after Night {night}: {count|word} players did not wake: {names}.</source>
        <comment>dawn.deaths.1</comment>
        <translation>第{night}夜过后，{count}名玩家没能醒来：{names}。</translation>
    </message>
    <message>
        <source>Night {night} took {count|word} lives: {names}.</source>
        <comment>dawn.deaths.2</comment>
        <translation>第{night}夜过后，{count}名玩家没能醒来：{names}。</translation>
    </message>
    <message>
        <source>{name} was found dead after Night {night}. They were {role|a}.</source>
        <comment>dawn.found.1</comment>
        <translation>{name}死于第{night}夜，身份是{role}。</translation>
    </message>
    <message>
        <source>Morning light finds {name} lifeless. {name} was {role|a}.</source>
        <comment>dawn.found.2</comment>
        <translation>晨光中，人们发现{name}已没了气息。{name}的身份是{role}。</translation>
    </message>
    <message>
        <source>{name} was found dead after Night {night}. Their role stays a secret.</source>
        <comment>dawn.found.hidden.1</comment>
        <translation>{name}死于第{night}夜，身份不公开。</translation>
    </message>
    <message>
        <source>Morning light finds {name} lifeless; what they were, the village cannot tell.</source>
        <comment>dawn.found.hidden.2</comment>
        <translation>晨光中，人们发现{name}已没了气息；其身份，村民们无从得知。</translation>
    </message>
    <message>
        <source>The village has spoken: {name} is cast out with {votes|votes}. Their role stays hidden.</source>
        <comment>vote.out.hidden.1</comment>
        <translation>村民们做出了决定：{name}以{votes|votes}被放逐，身份不公开。</translation>
    </message>
    <message>
        <source>{name} leaves the Town Hall for good ({votes|votes}), taking their secret along.</source>
        <comment>vote.out.hidden.2</comment>
        <translation>村民们做出了决定：{name}以{votes|votes}被放逐，身份不公开。</translation>
    </message>
    <message>
        <source>Voting is open! {seconds} seconds to choose who leaves the village.</source>
        <comment>day.vote.pk.1</comment>
        <translation>投票开始！{seconds}秒内决定谁离开村庄；平票者将进入PK。</translation>
    </message>
    <message>
        <source>Talk is over. Cast your votes; a tie sends the leaders to a PK.</source>
        <comment>day.vote.pk.2</comment>
        <translation>讨论结束，请投票；平票者将进入PK。</translation>
    </message>
    <message>
        <source>The ballot box opens. Who will the village cast out on Day {day}?</source>
        <comment>day.vote.pk.3</comment>
        <translation>投票箱打开了。第{day}天，村庄要把谁赶出去？</translation>
    </message>
    <message>
        <source>A tie at {count|votes}! {names} face a PK: each defends themselves, then the village votes again.</source>
        <comment>pk.begins.1</comment>
        <translation>平票！{names}各得{count|votes}，进入PK：每人发言辩护，然后重新投票。</translation>
    </message>
    <message>
        <source>Deadlock between {names}. To the PK: one defence each, then a revote.</source>
        <comment>pk.begins.2</comment>
        <translation>{names}僵持不下。进入PK：每人一次辩护，然后重新投票。</translation>
    </message>
    <message>
        <source>{name} takes the stand in the PK.</source>
        <comment>pk.turn.1</comment>
        <translation>{name}进行PK发言。</translation>
    </message>
    <message>
        <source>The PK floor goes to {name}: defend yourself.</source>
        <comment>pk.turn.2</comment>
        <translation>{name}进行PK发言。</translation>
    </message>
    <message>
        <source>The PK revote is open: {names}, one of you may leave.</source>
        <comment>pk.vote.1</comment>
        <translation>PK投票开始：在{names}之间投票。</translation>
    </message>
    <message>
        <source>Defences heard. The village votes again between {names}.</source>
        <comment>pk.vote.2</comment>
        <translation>PK投票开始：在{names}之间投票。</translation>
    </message>
    <message>
        <source>The revote settles the PK: {name} goes with {votes|votes}.</source>
        <comment>pk.decided.1</comment>
        <translation>PK结果揭晓：{name}以{votes|votes}出局。</translation>
    </message>
    <message>
        <source>The PK is over. {name} could not win the room ({votes|votes}).</source>
        <comment>pk.decided.2</comment>
        <translation>PK结果揭晓：{name}以{votes|votes}出局。</translation>
    </message>
    <message>
        <source>The PK ties again between {names}. Nobody is eliminated today.</source>
        <comment>pk.tie.1</comment>
        <translation>PK再次平票：{names}，今天无人出局。</translation>
    </message>
    <message>
        <source>A second deadlock: {names} are level once more, and everyone survives the day.</source>
        <comment>pk.tie.2</comment>
        <translation>PK再次平票：{names}，今天无人出局。</translation>
    </message>
    <message>
        <source>Nobody voted in the PK. Day {day} ends without an elimination.</source>
        <comment>pk.none.1</comment>
        <translation>PK中无人投票，第{day}天无人出局。</translation>
    </message>
    <message>
        <source>The PK&apos;s ballot box stays empty. Everyone survives Day {day}.</source>
        <comment>pk.none.2</comment>
        <translation>PK中无人投票，第{day}天无人出局。</translation>
    </message>
    <message>
        <source>{hunter} was the hunter, and the hunter does not go quietly. Will there be a shot?</source>
        <comment>hunter.rises.1</comment>
        <translation>{hunter}是猎人，猎人不会默默离去。会开枪吗？</translation>
    </message>
    <message>
        <source>A gun is raised: {hunter}, the hunter, may take someone along.</source>
        <comment>hunter.rises.2</comment>
        <translation>{hunter}是猎人，猎人不会默默离去。会开枪吗？</translation>
    </message>
    <message>
        <source>A shot rings out! {hunter} takes {name} down. {name} was {role|a}.</source>
        <comment>hunter.hit.1</comment>
        <translation>一声枪响！{hunter}带走了{name}，其身份是{role}。</translation>
    </message>
    <message>
        <source>The hunter&apos;s bullet finds {name}, who was {role|a}.</source>
        <comment>hunter.hit.2</comment>
        <translation>猎人的子弹击中了{name}，其身份是{role}。</translation>
    </message>
    <message>
        <source>A shot rings out! {hunter} takes {name} down. Their role stays hidden.</source>
        <comment>hunter.hit.hidden.1</comment>
        <translation>一声枪响！{hunter}带走了{name}，身份不公开。</translation>
    </message>
    <message>
        <source>The hunter&apos;s bullet finds {name}; what they were, nobody is told.</source>
        <comment>hunter.hit.hidden.2</comment>
        <translation>猎人的子弹击中了{name}；其身份无人知晓。</translation>
    </message>
    <message>
        <source>{hunter} lowers the gun. No shot is fired.</source>
        <comment>hunter.holds.1</comment>
        <translation>猎人{hunter}放下了枪，没有开枪。</translation>
    </message>
    <message>
        <source>The hunter, {hunter}, holds fire.</source>
        <comment>hunter.holds.2</comment>
        <translation>猎人{hunter}放下了枪，没有开枪。</translation>
    </message>
    <message>
        <source>Day {days} is done and so is the match: neither side won. A draw!</source>
        <comment>game.over.draw.1</comment>
        <translation>第{days}天结束，比赛也随之结束：双方都没有获胜，平局！</translation>
    </message>
    <message>
        <source>Time runs out on Day {days}. Nobody wins; the village and the wolves both survive.</source>
        <comment>game.over.draw.2</comment>
        <translation>第{days}天结束，比赛也随之结束：双方都没有获胜，平局！</translation>
    </message>
    <message>
        <source>Spoiler: {witch} holds the witch&apos;s two potions; {hunter} is the hunter.</source>
        <comment>omni.witch.hunter.1</comment>
        <translation>剧透：{witch}手握女巫的两瓶药，{hunter}是猎人。</translation>
    </message>
    <message>
        <source>Only you know it: {witch} is the witch and {hunter} carries the hunter&apos;s gun.</source>
        <comment>omni.witch.hunter.2</comment>
        <translation>剧透：{witch}手握女巫的两瓶药，{hunter}是猎人。</translation>
    </message>
    <message>
        <source>{witch}, the witch, pours the antidote for {target}.</source>
        <comment>omni.witch.save.1</comment>
        <translation>女巫{witch}对{target}使用了解药。</translation>
    </message>
    <message>
        <source>The witch, {witch}, spends her antidote: {target} is pulled back from the brink.</source>
        <comment>omni.witch.save.2</comment>
        <translation>女巫{witch}对{target}使用了解药。</translation>
    </message>
    <message>
        <source>{witch}, the witch, poisons {target}.</source>
        <comment>omni.witch.poison.1</comment>
        <translation>女巫{witch}毒杀了{target}。</translation>
    </message>
    <message>
        <source>A drop of poison from {witch}, the witch: {target} will not wake.</source>
        <comment>omni.witch.poison.2</comment>
        <translation>女巫{witch}毒杀了{target}。</translation>
    </message>
    <message>
        <source>{witch}, the witch, keeps her potions tonight.</source>
        <comment>omni.witch.pass.1</comment>
        <translation>女巫{witch}今晚没有用药。</translation>
    </message>
    <message>
        <source>The witch, {witch}, does nothing tonight.</source>
        <comment>omni.witch.pass.2</comment>
        <translation>女巫{witch}今晚没有用药。</translation>
    </message>
    <message>
        <source>The wolves&apos; victim tonight: {victim} ({role}).</source>
        <comment>omni.wolves.decided.1</comment>
        <translation>今晚狼人的目标：{victim}（{role}）。</translation>
    </message>
    <message>
        <source>The pack has settled on {victim}, {role|a}.</source>
        <comment>omni.wolves.decided.2</comment>
        <translation>今晚狼人的目标：{victim}（{role}）。</translation>
    </message>
    <message>
        <source>The wolves pounce on {victim}… but the witch&apos;s antidote brings {victim} back!</source>
        <comment>omni.night.witchsaved.1</comment>
        <translation>狼人扑向{victim}……但女巫的解药救回了{victim}！</translation>
    </message>
    <message>
        <source>Saved by a potion: the witch pulls {victim} from the wolves&apos; jaws.</source>
        <comment>omni.night.witchsaved.2</comment>
        <translation>狼人扑向{victim}……但女巫的解药救回了{victim}！</translation>
    </message>
    <message>
        <source>{victim} ({role}) dies of the witch&apos;s poison, not the wolves&apos; claws.</source>
        <comment>omni.night.poisoned.1</comment>
        <translation>{victim}（{role}）死于女巫的毒药，而不是狼爪。</translation>
    </message>
    <message>
        <source>The witch&apos;s poison does its work: {victim}, {role|a}, will not wake.</source>
        <comment>omni.night.poisoned.2</comment>
        <translation>{victim}（{role}）死于女巫的毒药，而不是狼爪。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::NarratorTicker</name>
    <message>
        <source>Town Crier</source>
        <translation>传令官</translation>
    </message>
    <message>
        <source>TOWN CRIER</source>
        <translation>传令官</translation>
    </message>
    <message>
        <source>The Town Crier is waiting for news…</source>
        <translation>传令官正在等待消息……</translation>
    </message>
</context>
<context>
    <name>townhall::ui::PhaseHeader</name>
    <message>
        <source>Phase and countdown</source>
        <translation>阶段与倒计时</translation>
    </message>
    <message>
        <source>No match selected</source>
        <translation>未选择对局</translation>
    </message>
    <message>
        <source>Werewolf Game #%1</source>
        <translation>狼人杀 #%1</translation>
    </message>
    <message>
        <source>REPLAY</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>PAUSED</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>LIVE</source>
        <translation>直播中</translation>
    </message>
    <message>
        <source>Click a building on the map</source>
        <translation>点击地图上的建筑</translation>
    </message>
    <message>
        <source>Lobby — players are getting ready</source>
        <translation>大厅 — 玩家正在准备</translation>
    </message>
    <message>
        <source>Night %1</source>
        <translation>第 %1 夜</translation>
    </message>
    <message>
        <source>Game over — the %1 win</source>
        <translation>游戏结束 — %1获胜</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>游戏结束</translation>
    </message>
    <message>
        <source>Day %1 — %2: %3</source>
        <translation>第 %1 天 — %2：%3</translation>
    </message>
    <message>
        <source>Day %1 — %2</source>
        <translation>第 %1 天 — %2</translation>
    </message>
    <message>
        <source>%1 of %2 alive</source>
        <translation>%2 人中 %1 人存活</translation>
    </message>
    <message>
        <source>OMNISCIENT · SPOILERS</source>
        <translation>全知视角 · 含剧透</translation>
    </message>
    <message>
        <source>LEFT IN PHASE</source>
        <translation>本阶段剩余</translation>
    </message>
    <message>
        <source>Night %1 — %2</source>
        <translation>第%1夜 — %2</translation>
    </message>
</context>
<context>
    <name>townhall::ui::PlayerPanel</name>
    <message>
        <source>You have spoken; the others speak in turn.</source>
        <translation>你已发言；其他人依次发言。</translation>
    </message>
    <message>
        <source>Phase brief</source>
        <translation>阶段简报</translation>
    </message>
    <message>
        <source>The whole phase brief: what your seat knows and may do now, as an agent in your seat reads it</source>
        <translation>完整的阶段简报：你的座位现在知道什么、可以做什么，与坐在这个座位的智能体读到的一样</translation>
    </message>
    <message>
        <source>Phase brief text</source>
        <translation>阶段简报正文</translation>
    </message>
    <message>
        <source>Hide the phase brie&amp;f</source>
        <translation>隐藏阶段简报(&amp;F)</translation>
    </message>
    <message>
        <source>Show the phase brie&amp;f</source>
        <translation>显示阶段简报(&amp;F)</translation>
    </message>
    <message>
        <source>Your seat</source>
        <translation>你的座位</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <source>Your role</source>
        <translation>你的身份</translation>
    </message>
    <message>
        <source>What you know</source>
        <translation>你知道的</translation>
    </message>
    <message>
        <source>Stand-in</source>
        <translation>代打</translation>
    </message>
    <message>
        <source>Answer to your last move</source>
        <translation>上一步的结果</translation>
    </message>
    <message>
        <source>Your move</source>
        <translation>你的行动</translation>
    </message>
    <message>
        <source>What to do now</source>
        <translation>现在要做什么</translation>
    </message>
    <message>
        <source>Players you may choose</source>
        <translation>可选择的玩家</translation>
    </message>
    <message>
        <source>Pick a player; Enter confirms</source>
        <translation>选择一名玩家；按回车确认</translation>
    </message>
    <message>
        <source>Save tonight&apos;s victim</source>
        <translation>救今晚的受害者</translation>
    </message>
    <message>
        <source>&amp;Ready</source>
        <translation>准备(&amp;R)</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>Tell the table you are ready to start</source>
        <translation>告诉大家你已准备好开始</translation>
    </message>
    <message>
        <source>Your speech</source>
        <translation>你的发言</translation>
    </message>
    <message>
        <source>Enter speaks; Shift+Enter starts a new line</source>
        <translation>回车发言；Shift+回车换行</translation>
    </message>
    <message>
        <source>Characters used</source>
        <translation>已用字数</translation>
    </message>
    <message>
        <source>&amp;Speak</source>
        <translation>发言(&amp;S)</translation>
    </message>
    <message>
        <source>Speak</source>
        <translation>发言</translation>
    </message>
    <message>
        <source>Said at the table</source>
        <translation>桌上的发言</translation>
    </message>
    <message>
        <source>Wolf chat (your pack only)</source>
        <translation>狼人频道（仅你的狼队）</translation>
    </message>
    <message>
        <source>Wolf chat</source>
        <translation>狼人频道</translation>
    </message>
    <message>
        <source>Wolf chat messages</source>
        <translation>狼人频道消息</translation>
    </message>
    <message>
        <source>Message to your pack</source>
        <translation>发给狼队的消息</translation>
    </message>
    <message>
        <source>Night only; Enter sends</source>
        <translation>仅限夜晚；回车发送</translation>
    </message>
    <message>
        <source>Characters used in wolf chat</source>
        <translation>狼人频道已用字数</translation>
    </message>
    <message>
        <source>Se&amp;nd</source>
        <translation>发送(&amp;N)</translation>
    </message>
    <message>
        <source>Send to your pack</source>
        <translation>发送给狼队</translation>
    </message>
    <message>
        <source>No seat yet</source>
        <translation>尚无座位</translation>
    </message>
    <message>
        <source>You have no seat in this match.</source>
        <translation>你在这局中没有座位。</translation>
    </message>
    <message>
        <source>Waiting for your table to fill.</source>
        <translation>等待你的桌子坐满。</translation>
    </message>
    <message>
        <source>%1 · seat %2</source>
        <translation>%1 · %2 号座位</translation>
    </message>
    <message>
        <source>Your role: %1.</source>
        <translation>你的身份：%1。</translation>
    </message>
    <message>
        <source>You hunt alone.</source>
        <translation>你独自狩猎。</translation>
    </message>
    <message>
        <source>Your pack: %1.</source>
        <translation>你的狼队：%1。</translation>
    </message>
    <message>
        <source>Goal: remove the villagers without being found out.</source>
        <translation>目标：在不被识破的情况下消灭村民。</translation>
    </message>
    <message>
        <source>Goal: find the werewolves and vote them out.</source>
        <translation>目标：找出狼人并把他们投票出局。</translation>
    </message>
    <message>
        <source>You are out of the game: you may watch, not act.</source>
        <translation>你已出局：可以观看，不能行动。</translation>
    </message>
    <message>
        <source>Night %1: %2 is a werewolf.</source>
        <translation>第 %1 夜：%2 是狼人。</translation>
    </message>
    <message>
        <source>Night %1: %2 is not a werewolf.</source>
        <translation>第 %1 夜：%2 不是狼人。</translation>
    </message>
    <message>
        <source>the antidote</source>
        <translation>解药</translation>
    </message>
    <message>
        <source>the poison</source>
        <translation>毒药</translation>
    </message>
    <message>
        <source>Your potions are used up.</source>
        <translation>你的药已经用完。</translation>
    </message>
    <message>
        <source>You still hold %1.</source>
        <translation>你还有%1。</translation>
    </message>
    <message>
        <source>Night %1: nobody died.</source>
        <translation>第 %1 夜：无人死亡。</translation>
    </message>
    <message>
        <source>Night %1: %2 died.</source>
        <translation>第 %1 夜：%2 死亡。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Alive: %1.</source>
        <translation>存活：%1。</translation>
    </message>
    <message>
        <source>Out: %1.</source>
        <translation>出局：%1。</translation>
    </message>
    <message>
        <source>The stand-in plays for you; act to take your seat back.</source>
        <translation>代打正在替你行动；你一行动就能收回座位。</translation>
    </message>
    <message numerus="yes">
        <source>You let %n turn(s) pass in a row; after three the stand-in keeps your seat.</source>
        <translation>
            <numerusform>你已连续错过 %n 个回合；满三次后代打将接管你的座位。</numerusform>
        </translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>已完成。</translation>
    </message>
    <message>
        <source>Refused: %1 (%2)</source>
        <translation>被拒绝：%1（%2）</translation>
    </message>
    <message>
        <source>Choose tonight&apos;s victim with your pack; you may change it until the night ends.</source>
        <translation>和狼队一起选择今晚的目标；夜晚结束前可以更改。</translation>
    </message>
    <message>
        <source>&amp;Kill</source>
        <translation>击杀(&amp;K)</translation>
    </message>
    <message>
        <source>Kill the chosen player</source>
        <translation>击杀所选玩家</translation>
    </message>
    <message>
        <source>Choose a player to inspect tonight.</source>
        <translation>选择今晚要查验的玩家。</translation>
    </message>
    <message>
        <source>&amp;Inspect</source>
        <translation>查验(&amp;I)</translation>
    </message>
    <message>
        <source>Inspect the chosen player</source>
        <translation>查验所选玩家</translation>
    </message>
    <message>
        <source>Choose a player to protect tonight.</source>
        <translation>选择今晚要守护的玩家。</translation>
    </message>
    <message>
        <source>&amp;Protect</source>
        <translation>守护(&amp;P)</translation>
    </message>
    <message>
        <source>Protect the chosen player</source>
        <translation>守护所选玩家</translation>
    </message>
    <message>
        <source>You do not learn tonight&apos;s victim.</source>
        <translation>你不知道今晚的受害者。</translation>
    </message>
    <message>
        <source>Tonight the wolves chose %1.</source>
        <translation>今晚狼人选择了 %1。</translation>
    </message>
    <message>
        <source>Save, poison a player, or pass.</source>
        <translation>救人、毒一名玩家，或跳过。</translation>
    </message>
    <message>
        <source>P&amp;oison</source>
        <translation>毒杀(&amp;O)</translation>
    </message>
    <message>
        <source>Poison the chosen player</source>
        <translation>毒杀所选玩家</translation>
    </message>
    <message>
        <source>P&amp;ass</source>
        <translation>跳过(&amp;A)</translation>
    </message>
    <message>
        <source>Pass: use no potion tonight</source>
        <translation>跳过：今晚不用药</translation>
    </message>
    <message>
        <source>You are dying: shoot a player, or let it pass.</source>
        <translation>你即将死去：开枪带走一名玩家，或放弃。</translation>
    </message>
    <message>
        <source>S&amp;hoot</source>
        <translation>开枪(&amp;H)</translation>
    </message>
    <message>
        <source>Shoot the chosen player</source>
        <translation>向所选玩家开枪</translation>
    </message>
    <message>
        <source>&amp;Don&apos;t shoot</source>
        <translation>不开枪(&amp;D)</translation>
    </message>
    <message>
        <source>Do not shoot</source>
        <translation>不开枪</translation>
    </message>
    <message>
        <source>Vote for one of the tied players.</source>
        <translation>在平票的玩家中投票。</translation>
    </message>
    <message>
        <source>Vote for the player to eliminate.</source>
        <translation>投票选出要淘汰的玩家。</translation>
    </message>
    <message>
        <source>&amp;Vote</source>
        <translation>投票(&amp;V)</translation>
    </message>
    <message>
        <source>Vote for the chosen player</source>
        <translation>投票给所选玩家</translation>
    </message>
    <message>
        <source>A&amp;bstain</source>
        <translation>弃票(&amp;B)</translation>
    </message>
    <message>
        <source>Abstain</source>
        <translation>弃票</translation>
    </message>
    <message>
        <source>Your turn: give your opening statement.</source>
        <translation>轮到你了：请做开场发言。</translation>
    </message>
    <message>
        <source>Discussion: say what you think, as often as you like.</source>
        <translation>讨论：说出你的想法，可以多次发言。</translation>
    </message>
    <message>
        <source>Your turn: defend yourself before the revote.</source>
        <translation>轮到你了：在重新投票前为自己辩护。</translation>
    </message>
    <message>
        <source>You were voted out: say your last words.</source>
        <translation>你被投票出局：请发表遗言。</translation>
    </message>
    <message>
        <source>(Sent; you may change it.)</source>
        <translation>（已提交；可以更改。）</translation>
    </message>
    <message>
        <source>Press Ready when you are.</source>
        <translation>准备好后请点“准备”。</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>游戏结束。</translation>
    </message>
    <message>
        <source>Nothing to do: you are out.</source>
        <translation>无需行动：你已出局。</translation>
    </message>
    <message>
        <source>Nothing to do now: wait.</source>
        <translation>现在无需行动：请等待。</translation>
    </message>
    <message>
        <source>&amp;Save %1</source>
        <translation>救 %1(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Speak your last words</source>
        <translation>发表遗言(&amp;S)</translation>
    </message>
    <message>
        <source>%1 — at most %2 characters</source>
        <translation>%1 —— 最多 %2 个字</translation>
    </message>
    <message>
        <source>Your move — now</source>
        <translation>你的行动 —— 现在</translation>
    </message>
    <message>
        <source>— Night %1 —</source>
        <translation>—— 第 %1 夜 ——</translation>
    </message>
    <message>
        <source>— %1 —</source>
        <translation>—— %1 ——</translation>
    </message>
    <message>
        <source>— Day %1: %2 —</source>
        <translation>—— 第 %1 天：%2 ——</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 abstains.</source>
        <translation>%1 弃票。</translation>
    </message>
    <message>
        <source>%1 votes for %2.</source>
        <translation>%1 投票给 %2。</translation>
    </message>
    <message>
        <source>The vote is tied.</source>
        <translation>投票平局。</translation>
    </message>
    <message>
        <source>Nobody is voted out.</source>
        <translation>无人被投票出局。</translation>
    </message>
    <message>
        <source>Nobody died in the night.</source>
        <translation>昨夜无人死亡。</translation>
    </message>
    <message>
        <source>In the night %1 died.</source>
        <translation>昨夜 %1 死亡。</translation>
    </message>
    <message>
        <source>%1 is out.</source>
        <translation>%1 出局。</translation>
    </message>
    <message>
        <source>%1 does not shoot.</source>
        <translation>%1 没有开枪。</translation>
    </message>
    <message>
        <source>%1 shoots %2.</source>
        <translation>%1 向 %2 开枪。</translation>
    </message>
    <message>
        <source>The game is over: %1 win.</source>
        <translation>游戏结束：%1获胜。</translation>
    </message>
    <message>
        <source>The game is over: nobody wins.</source>
        <translation>游戏结束：无人获胜。</translation>
    </message>
    <message>
        <source>Everyone&apos;s role: %1.</source>
        <translation>所有人的身份：%1。</translation>
    </message>
    <message>
        <source>Only you: %1 is a werewolf.</source>
        <translation>仅你可见：%1 是狼人。</translation>
    </message>
    <message>
        <source>Only you: %1 is not a werewolf.</source>
        <translation>仅你可见：%1 不是狼人。</translation>
    </message>
    <message>
        <source>Only you: you protect %1 tonight.</source>
        <translation>仅你可见：你今晚守护 %1。</translation>
    </message>
    <message>
        <source>Only you: you save %1.</source>
        <translation>仅你可见：你救了 %1。</translation>
    </message>
    <message>
        <source>Only you: you poison %1.</source>
        <translation>仅你可见：你毒了 %1。</translation>
    </message>
    <message>
        <source>Only you: you use no potion tonight.</source>
        <translation>仅你可见：你今晚没有用药。</translation>
    </message>
    <message>
        <source>You missed your turn.</source>
        <translation>你错过了你的回合。</translation>
    </message>
    <message>
        <source>%1 missed their turn.</source>
        <translation>%1 错过了回合。</translation>
    </message>
    <message>
        <source>The host paused the match.</source>
        <translation>主持人暂停了对局。</translation>
    </message>
    <message>
        <source>The match goes on.</source>
        <translation>对局继续。</translation>
    </message>
    <message>
        <source>%1 picks %2.</source>
        <translation>%1 选择了 %2。</translation>
    </message>
    <message>
        <source>%1 · your move · %2 left</source>
        <translation>%1 · 轮到你 · 剩余 %2</translation>
    </message>
    <message>
        <source>%1 · %2 left</source>
        <translation>%1 · 剩余 %2</translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 字</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 (out)</source>
        <translation>%1（已出局）</translation>
    </message>
    <message>
        <source>%1 is out (%2).</source>
        <translation>%1 出局（%2）。</translation>
    </message>
    <message>
        <source>You are ready; the match starts soon.</source>
        <translation>你已准备好；对局即将开始。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::PlayersModel</name>
    <message>
        <source>hunts %1</source>
        <translation>猎杀 %1</translation>
    </message>
    <message>
        <source>inspects %1</source>
        <translation>查验 %1</translation>
    </message>
    <message>
        <source>protects %1</source>
        <translation>守护 %1</translation>
    </message>
    <message>
        <source>abstains</source>
        <translation>弃票</translation>
    </message>
    <message>
        <source>Alive</source>
        <translation>存活</translation>
    </message>
    <message>
        <source>Dead</source>
        <translation>死亡</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>已准备</translation>
    </message>
    <message>
        <source>Seat %1: %2</source>
        <translation>%1 号座位：%2</translation>
    </message>
    <message>
        <source>Role (spoiler): %1</source>
        <translation>身份（剧透）：%1</translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation>身份：%1</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名字</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>身份</translation>
    </message>
    <message>
        <source>DEAD</source>
        <translation>出局</translation>
    </message>
    <message>
        <source>READY</source>
        <translation>已准备</translation>
    </message>
    <message>
        <source>PERSON</source>
        <translation>真人</translation>
    </message>
    <message>
        <source>Played by a person</source>
        <translation>由真人操控</translation>
    </message>
    <message>
        <source>ROLE HIDDEN</source>
        <translation>身份未知</translation>
    </message>
    <message>
        <source>saves %1</source>
        <translation>救下 %1</translation>
    </message>
    <message>
        <source>poisons %1</source>
        <translation>毒杀 %1</translation>
    </message>
    <message>
        <source>antidote</source>
        <translation>解药</translation>
    </message>
    <message>
        <source>poison</source>
        <translation>毒药</translation>
    </message>
    <message>
        <source>no potions left</source>
        <translation>药剂已用完</translation>
    </message>
    <message>
        <source>shot %1</source>
        <translation>射杀了 %1</translation>
    </message>
    <message>
        <source>held fire</source>
        <translation>未开枪</translation>
    </message>
    <message>
        <source>shot by %1</source>
        <translation>被 %1 射杀</translation>
    </message>
    <message>
        <source>Potions (spoiler): %1</source>
        <translation>药剂（剧透）：%1</translation>
    </message>
    <message>
        <source>potions: %1</source>
        <translation>药剂：%1</translation>
    </message>
</context>
<context>
    <name>townhall::ui::ReplayBar</name>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>One event back (Alt+Left)</source>
        <translation>后退一个事件（Alt+←）</translation>
    </message>
    <message>
        <source>Previous event</source>
        <translation>上一个事件</translation>
    </message>
    <message>
        <source>One event forward (Alt+Right)</source>
        <translation>前进一个事件（Alt+→）</translation>
    </message>
    <message>
        <source>Next event</source>
        <translation>下一个事件</translation>
    </message>
    <message>
        <source>Replay position</source>
        <translation>回放位置</translation>
    </message>
    <message>
        <source>Drag to see the match as it was at any event</source>
        <translation>拖动以查看对局在任一事件时的状态</translation>
    </message>
    <message>
        <source>● Live</source>
        <translation>● 直播</translation>
    </message>
    <message>
        <source>Go live</source>
        <translation>回到直播</translation>
    </message>
    <message>
        <source>Follow the match live (End)</source>
        <translation>实时跟随对局（End）</translation>
    </message>
    <message>
        <source>Event %1 / %2</source>
        <translation>事件 %1 / %2</translation>
    </message>
</context>
<context>
    <name>townhall::ui::RoleResultsModel</name>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Role rating</source>
        <translation>角色评分</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SeatHealthModel</name>
    <message>
        <source>ready up</source>
        <translation>准备就绪</translation>
    </message>
    <message>
        <source>pick a victim</source>
        <translation>选择猎物</translation>
    </message>
    <message>
        <source>inspect</source>
        <translation>查验</translation>
    </message>
    <message>
        <source>protect</source>
        <translation>守护</translation>
    </message>
    <message>
        <source>speak (their turn)</source>
        <translation>发言（轮到其发言）</translation>
    </message>
    <message>
        <source>vote</source>
        <translation>投票</translation>
    </message>
    <message>
        <source>out of the game</source>
        <translation>已出局</translation>
    </message>
    <message>
        <source>night actions are secret in the public view</source>
        <translation>公开视角中夜间行动保密</translation>
    </message>
    <message>
        <source>%1 left to %2 (paused)</source>
        <translation>剩余 %1 用于%2（已暂停）</translation>
    </message>
    <message>
        <source>%1 left to %2</source>
        <translation>剩余 %1 用于%2</translation>
    </message>
    <message>
        <source>owes no action now</source>
        <translation>当前无需行动</translation>
    </message>
    <message>
        <source>missed deadlines: %1</source>
        <translation>错过截止时间：%1</translation>
    </message>
    <message>
        <source>timeouts in a row: %1</source>
        <translation>连续超时：%1</translation>
    </message>
    <message>
        <source>last call %1 took %2 ms</source>
        <translation>上次调用 %1 耗时 %2 毫秒</translation>
    </message>
    <message>
        <source>last call took %1 ms</source>
        <translation>上次调用耗时 %1 毫秒</translation>
    </message>
    <message>
        <source>no call recorded</source>
        <translation>没有调用记录</translation>
    </message>
    <message>
        <source>failed calls this phase: %1 (last: %2)</source>
        <translation>本阶段失败的调用：%1（最近一次：%2）</translation>
    </message>
    <message>
        <source>failed calls this phase: %1</source>
        <translation>本阶段失败的调用：%1</translation>
    </message>
    <message>
        <source>no failed call this phase</source>
        <translation>本阶段没有失败的调用</translation>
    </message>
    <message>
        <source>Seat %1, %2: %3</source>
        <translation>%1 号座位，%2：%3</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
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
        <translation>，</translation>
    </message>
    <message>
        <source>played by the model %1</source>
        <translation>由模型 %1 扮演</translation>
    </message>
    <message numerus="yes">
        <source>%n model call(s)</source>
        <translation>
            <numerusform>%n 次模型调用</numerusform>
        </translation>
    </message>
    <message>
        <source>tokens in %1, out %2</source>
        <translation>输入 %1 个词元，输出 %2 个</translation>
    </message>
    <message>
        <source>cost %1</source>
        <translation>费用 %1</translation>
    </message>
    <message>
        <source>cost unknown (no prices)</source>
        <translation>费用未知（未设置价格）</translation>
    </message>
    <message>
        <source>latency p50 %1, p95 %2</source>
        <translation>延迟 p50 %1，p95 %2</translation>
    </message>
    <message>
        <source>failed requests: %1</source>
        <translation>失败的请求：%1</translation>
    </message>
    <message>
        <source>no failed request</source>
        <translation>没有失败的请求</translation>
    </message>
    <message numerus="yes">
        <source>%n stand-in turn(s)</source>
        <translation>
            <numerusform>替补行动 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>handed over to the built-in bot</source>
        <translation>已移交给内置机器人</translation>
    </message>
    <message>
        <source>use a potion or pass</source>
        <translation>使用药剂或放弃</translation>
    </message>
    <message>
        <source>defend (their turn)</source>
        <translation>辩护（轮到其发言）</translation>
    </message>
    <message>
        <source>revote</source>
        <translation>再投票</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SeatHealthView</name>
    <message>
        <source>Seat health</source>
        <translation>座位状况</translation>
    </message>
    <message>
        <source>out</source>
        <translation>已出局</translation>
    </message>
    <message>
        <source>night · secret</source>
        <translation>夜间 · 保密</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 内%2</translation>
    </message>
    <message>
        <source>nothing owed</source>
        <translation>无需行动</translation>
    </message>
    <message>
        <source>missed %1 · %2 in a row</source>
        <translation>错过 %1 · 连续 %2</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>no calls</source>
        <translation>无调用</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>errors: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>%1 → bot</source>
        <translation>%1 → 机器人</translation>
    </message>
    <message>
        <source>%1 calls</source>
        <translation>%1 次调用</translation>
    </message>
    <message>
        <source>%1/%2 tok</source>
        <translation>%1/%2 词元</translation>
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
        <translation>替补 %1</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>失败 %1</translation>
    </message>
    <message>
        <source>vote</source>
        <translation>投票</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SettingsDialog</name>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Allow guest agents (no token)</source>
        <translation>允许访客智能体（无需令牌）</translation>
    </message>
    <message>
        <source>Lobby</source>
        <translation>大厅</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>夜晚</translation>
    </message>
    <message>
        <source>Dawn announcement</source>
        <translation>天亮公告</translation>
    </message>
    <message>
        <source>Opening statement, per player</source>
        <translation>开场发言（每人）</translation>
    </message>
    <message>
        <source>Discussion</source>
        <translation>讨论</translation>
    </message>
    <message>
        <source>Vote</source>
        <translation>投票</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>结算</translation>
    </message>
    <message>
        <source>Follow the system&apos;s light or dark theme</source>
        <translation>跟随系统的浅色或深色主题</translation>
    </message>
    <message>
        <source>Dark theme</source>
        <translation>深色主题</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Allow guest agents</source>
        <translation>允许访客智能体</translation>
    </message>
    <message>
        <source>Theme follows the system</source>
        <translation>主题跟随系统</translation>
    </message>
    <message>
        <source>Data directory</source>
        <translation>数据目录</translation>
    </message>
    <message>
        <source>the standard location</source>
        <translation>默认位置</translation>
    </message>
    <message>
        <source>Where the match database is kept (used at the next start)</source>
        <translation>对局数据库的存放位置（下次启动时生效）</translation>
    </message>
    <message>
        <source>Used at the next start; another free port is taken if it is busy</source>
        <translation>下次启动时生效；若端口被占用，将改用其他空闲端口</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The system&apos;s language</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Choose the data directory</source>
        <translation>选择数据目录</translation>
    </message>
    <message>
        <source>&amp;Data directory:</source>
        <translation>数据目录(&amp;D)：</translation>
    </message>
    <message>
        <source>Default phase timers (new matches)</source>
        <translation>默认阶段时长（新对局）</translation>
    </message>
    <message>
        <source>&amp;Lobby:</source>
        <translation>大厅(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Night:</source>
        <translation>夜晚(&amp;N)：</translation>
    </message>
    <message>
        <source>D&amp;awn announcement:</source>
        <translation>天亮公告(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Opening statement (each):</source>
        <translation>开场发言（每人）(&amp;O)：</translation>
    </message>
    <message>
        <source>Di&amp;scussion:</source>
        <translation>讨论(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Vote:</source>
        <translation>投票(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>结算(&amp;R)：</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>&amp;Language (at the next start):</source>
        <translation>语言（下次启动时生效）(&amp;L)：</translation>
    </message>
    <message>
        <source>The Town Crier speaks the narration</source>
        <translation>传令官朗读旁白</translation>
    </message>
    <message>
        <source>Also speak the players&apos; public lines</source>
        <translation>同时朗读玩家的公开发言</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>语音</translation>
    </message>
    <message>
        <source>Town Crier voice</source>
        <translation>传令官语音</translation>
    </message>
    <message>
        <source>Speak the players&apos; lines</source>
        <translation>朗读玩家发言</translation>
    </message>
    <message>
        <source>Voice volume</source>
        <translation>语音音量</translation>
    </message>
    <message>
        <source>Voice status</source>
        <translation>语音状态</translation>
    </message>
    <message>
        <source>Vol&amp;ume:</source>
        <translation>音量(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>试听(&amp;T)</translation>
    </message>
    <message>
        <source>Test the voice</source>
        <translation>试听语音</translation>
    </message>
    <message>
        <source>Say a sample line now, at this volume</source>
        <translation>以此音量立即朗读一句示例</translation>
    </message>
    <message>
        <source>This session listens on port %1 (given with --port, or the setting&apos;s port was busy); this setting applies when the app starts without --port.</source>
        <translation>本次运行监听端口 %1（由 --port 指定，或设置中的端口被占用）；此设置在不带 --port 启动时生效。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SharedTournamentDialog</name>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>Open shared tournament</source>
        <translation>打开共享锦标赛</translation>
    </message>
    <message>
        <source>Database &amp;URL:</source>
        <translation>数据库网址(&amp;U)：</translation>
    </message>
    <message>
        <source>The password never goes in the URL: it comes from PGPASSWORD or ~/.pgpass (PGPASSFILE), as for psql.</source>
        <translation>密码绝不写在网址中：它来自 PGPASSWORD 或 ~/.pgpass（PGPASSFILE），与 psql 相同。</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>已进行</translation>
    </message>
    <message>
        <source>Type the database&apos;s postgresql:// URL first.</source>
        <translation>请先输入数据库的 postgresql:// 网址。</translation>
    </message>
    <message>
        <source>This URL cannot be used: %1.</source>
        <translation>无法使用此网址：%1。</translation>
    </message>
    <message>
        <source>Connecting to the database…</source>
        <translation>正在连接数据库…</translation>
    </message>
    <message>
        <source>running</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Connected to %1; it holds no tournament yet.</source>
        <translation>已连接到 %1；其中还没有锦标赛。</translation>
    </message>
    <message numerus="yes">
        <source>Connected to %1: %n tournament(s).</source>
        <translation>
            <numerusform>已连接到 %1：%n 个锦标赛。</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read the database: %1</source>
        <translation>无法读取数据库：%1</translation>
    </message>
</context>
<context>
    <name>townhall::ui::SpectatorPanel</name>
    <message>
        <source>Spectator panel</source>
        <translation>观战面板</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>发言记录</translation>
    </message>
    <message>
        <source>↓ Latest</source>
        <translation>↓ 最新</translation>
    </message>
    <message>
        <source>Jump to the latest message</source>
        <translation>跳到最新消息</translation>
    </message>
    <message>
        <source>Auto-scroll stopped because you scrolled up. Click to follow again.</source>
        <translation>你向上滚动后，自动滚动已停止。点击以继续跟随。</translation>
    </message>
    <message>
        <source>Key moments</source>
        <translation>关键时刻</translation>
    </message>
    <message>
        <source>Click a moment to find it in the transcript</source>
        <translation>点击关键时刻，在发言记录中找到它</translation>
    </message>
    <message>
        <source>VOTE TALLY</source>
        <translation>计票</translation>
    </message>
    <message>
        <source>KEY MOMENTS</source>
        <translation>关键时刻</translation>
    </message>
    <message>
        <source>PLAYERS</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>TRANSCRIPT</source>
        <translation>发言记录</translation>
    </message>
    <message>
        <source>Seat health</source>
        <translation>座位状况</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TextToSpeechSpeaker</name>
    <message>
        <source>No speech engine is installed (on Debian: qt6-speech-flite-plugin).</source>
        <translation>未安装语音引擎（Debian 上：qt6-speech-flite-plugin）。</translation>
    </message>
    <message>
        <source>The speech engine %1 does not work: %2</source>
        <translation>语音引擎 %1 无法工作：%2</translation>
    </message>
    <message>
        <source>The speech engine %1 could not speak: %2</source>
        <translation>语音引擎 %1 无法朗读：%2</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TimelineModel</name>
    <message>
        <source>Day %1</source>
        <translation>第 %1 天</translation>
    </message>
    <message>
        <source>Night %1</source>
        <translation>第 %1 夜</translation>
    </message>
    <message>
        <source>now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TimelineView</name>
    <message>
        <source>Lobby</source>
        <translation>大厅</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>夜晚</translation>
    </message>
    <message>
        <source>Dawn</source>
        <translation>天亮</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>发言</translation>
    </message>
    <message>
        <source>Talk</source>
        <translation>讨论</translation>
    </message>
    <message>
        <source>Vote</source>
        <translation>投票</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Phase timeline</source>
        <translation>阶段时间线</translation>
    </message>
    <message>
        <source>Current phase: %1</source>
        <translation>当前阶段：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) so far</source>
        <translation>
            <numerusform>已进行 %n 天</numerusform>
        </translation>
    </message>
    <message>
        <source>The timeline fills in as the match goes on</source>
        <translation>时间线会随着对局进行逐步填充</translation>
    </message>
    <message>
        <source>now — %1 left</source>
        <translation>当前 — 剩余 %1</translation>
    </message>
    <message>
        <source>lasted %1</source>
        <translation>持续 %1</translation>
    </message>
    <message>
        <source>Witch</source>
        <translation>女巫</translation>
    </message>
    <message>
        <source>Shot</source>
        <translation>开枪</translation>
    </message>
    <message>
        <source>PK</source>
        <translation>PK</translation>
    </message>
    <message>
        <source>Revote</source>
        <translation>再投票</translation>
    </message>
</context>
<context>
    <name>townhall::ui::ToolCallModel</name>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>tool error</source>
        <translation>工具错误</translation>
    </message>
    <message>
        <source>protocol error</source>
        <translation>协议错误</translation>
    </message>
    <message>
        <source>rate-limited</source>
        <translation>已限流</translation>
    </message>
    <message>
        <source>no reply</source>
        <translation>无回复</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>对局</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TournamentDialog</name>
    <message>
        <source>me (I play)</source>
        <translation>我（亲自上场）</translation>
    </message>
    <message>
        <source>You play this seat in every match, in the Your seat panel</source>
        <translation>每场对局中你都亲自坐这个座位，在“你的座位”面板中操作</translation>
    </message>
    <message>
        <source>bot</source>
        <translation>机器人</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>MCP agent</source>
        <translation>MCP 智能体</translation>
    </message>
    <message>
        <source>push agent</source>
        <translation>推送智能体</translation>
    </message>
    <message>
        <source>Mirrored pairs</source>
        <translation>镜像对局</translation>
    </message>
    <message>
        <source>Add participant</source>
        <translation>添加参赛者</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Load file…</source>
        <translation>载入文件…</translation>
    </message>
    <message>
        <source>Save file…</source>
        <translation>保存文件…</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>New tournament</source>
        <translation>新建锦标赛</translation>
    </message>
    <message>
        <source>%1 (%2 seats)</source>
        <translation>%1（%2 个座位）</translation>
    </message>
    <message>
        <source>Matches come in pairs with the same seed and deal; the second moves the participants half the table round, so each side plays the other&apos;s cards</source>
        <translation>对局成对进行，种子和发牌相同；第二局把参赛者沿桌子移动半圈，让双方互换手牌</translation>
    </message>
    <message>
        <source>count</source>
        <translation>计入</translation>
    </message>
    <message>
        <source>A match in which an agent failed counts like any other</source>
        <translation>有智能体失败的对局照常计入</translation>
    </message>
    <message>
        <source>void</source>
        <translation>作废</translation>
    </message>
    <message>
        <source>A match in which an agent failed counts for no one</source>
        <translation>有智能体失败的对局对所有人都不计</translation>
    </message>
    <message>
        <source>forfeit</source>
        <translation>判负</translation>
    </message>
    <message>
        <source>A match in which an agent failed counts only as a loss for the one at fault</source>
        <translation>有智能体失败的对局只记为责任方的一场负局</translation>
    </message>
    <message>
        <source>How many of the tournament&apos;s matches run at the same time</source>
        <translation>锦标赛同时进行的对局数</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Agent / provider / URL</source>
        <translation>智能体 / 提供方 / URL</translation>
    </message>
    <message>
        <source>Model / deadline (ms)</source>
        <translation>模型 / 时限（毫秒）</translation>
    </message>
    <message>
        <source>A number of seats, or &quot;rest&quot; for the seats left</source>
        <translation>座位数，或用“rest”表示剩余座位</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Rule set</source>
        <translation>规则集</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>对局</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>If an agent fails</source>
        <translation>智能体失败时</translation>
    </message>
    <message>
        <source>Parallel matches</source>
        <translation>并行对局</translation>
    </message>
    <message>
        <source>Participants</source>
        <translation>参赛者</translation>
    </message>
    <message>
        <source>my agent against the bots</source>
        <translation>我的智能体对阵机器人</translation>
    </message>
    <message>
        <source>Provider: %1</source>
        <translation>提供方：%1</translation>
    </message>
    <message>
        <source>Model (empty: the provider&apos;s own)</source>
        <translation>模型（留空：使用提供方的默认模型）</translation>
    </message>
    <message>
        <source>The registered agent&apos;s name</source>
        <translation>已注册智能体的名称</translation>
    </message>
    <message>
        <source>The URL Town Hall calls</source>
        <translation>Town Hall 调用的 URL</translation>
    </message>
    <message>
        <source>How long the agent may take to answer, in milliseconds</source>
        <translation>智能体应答可用的时间（毫秒）</translation>
    </message>
    <message>
        <source>participants[%1].push.deadlineMs: must be a whole number of milliseconds</source>
        <translation>participants[%1].push.deadlineMs：必须是整数毫秒</translation>
    </message>
    <message>
        <source>The tournament file must be a JSON object.</source>
        <translation>锦标赛文件必须是 JSON 对象。</translation>
    </message>
    <message>
        <source>name: must be a string</source>
        <translation>name：必须是字符串</translation>
    </message>
    <message>
        <source>rules: the form offers only the rule presets (%1)</source>
        <translation>rules：表单只提供规则预设（%1）</translation>
    </message>
    <message>
        <source>failure: must be &quot;count&quot;, &quot;void&quot; or &quot;forfeit&quot;</source>
        <translation>failure：必须是“count”、“void”或“forfeit”</translation>
    </message>
    <message>
        <source>matches, seed and parallel must be whole numbers the form can hold</source>
        <translation>matches、seed 和 parallel 必须是表单能容纳的整数</translation>
    </message>
    <message>
        <source>mirror: must be true or false</source>
        <translation>mirror：必须是 true 或 false</translation>
    </message>
    <message>
        <source>providers: must be an object</source>
        <translation>providers：必须是对象</translation>
    </message>
    <message>
        <source>participants: must be a list</source>
        <translation>participants：必须是列表</translation>
    </message>
    <message>
        <source>%1: must be an object</source>
        <translation>%1：必须是对象</translation>
    </message>
    <message>
        <source>%1.push: must be an object</source>
        <translation>%1.push：必须是对象</translation>
    </message>
    <message>
        <source>%1: must be exactly one of a bot, a provider, an agent, a push agent or a person</source>
        <translation>%1：必须恰好是机器人、提供方、智能体、推送智能体或真人之一</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not JSON.</source>
        <translation>%1 不是 JSON。</translation>
    </message>
    <message>
        <source>Load tournament</source>
        <translation>载入锦标赛</translation>
    </message>
    <message>
        <source>Tournament files (*.json)</source>
        <translation>锦标赛文件 (*.json)</translation>
    </message>
    <message>
        <source>Save tournament</source>
        <translation>保存锦标赛</translation>
    </message>
    <message>
        <source>Tournament %1: %2</source>
        <translation>锦标赛 %1：%2</translation>
    </message>
    <message>
        <source>Tournament: %1</source>
        <translation>锦标赛：%1</translation>
    </message>
    <message>
        <source>To start: %1</source>
        <translation>开始前：%1</translation>
    </message>
    <message>
        <source>%1 is not a tournament file (larger than 4 MiB, or not a file).</source>
        <translation>%1 不是锦标赛文件（大于 4 MiB，或不是文件）。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TownHallItem</name>
    <message>
        <source>TOWN HALL</source>
        <translation>市政厅</translation>
    </message>
    <message>
        <source>Queue empty</source>
        <translation>队列为空</translation>
    </message>
    <message>
        <source>Waiting: %1</source>
        <translation>等候中：%1</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TownMapView</name>
    <message>
        <source>Town map</source>
        <translation>小镇地图</translation>
    </message>
    <message>
        <source>The Town Hall, its queue and one building per match. Click a building to watch its match. Wheel or +/- to zoom, drag to pan, 0 to fit.</source>
        <translation>市政厅、排队队列，以及每个对局一栋建筑。点击建筑即可观看该对局。滚轮或 +/- 缩放，拖动平移，按 0 显示全部。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TownSquareItem</name>
    <message>
        <source>Town Square</source>
        <translation>小镇广场</translation>
    </message>
</context>
<context>
    <name>townhall::ui::TranscriptModel</name>
    <message>
        <source>Night %1</source>
        <translation>第 %1 夜</translation>
    </message>
    <message>
        <source>Day %1 · %2</source>
        <translation>第 %1 天 · %2</translation>
    </message>
    <message>
        <source>Turn %1 of %2 · %3</source>
        <translation>第 %1/%2 位发言 · %3</translation>
    </message>
    <message>
        <source>%1 let their turn pass in silence.</source>
        <translation>%1 沉默地放弃了发言。</translation>
    </message>
    <message>
        <source>replying to %1: “%2”</source>
        <translation>回复 %1：“%2”</translation>
    </message>
    <message>
        <source>WOLF CHAT</source>
        <translation>狼人私聊</translation>
    </message>
    <message>
        <source>TOWN CRIER</source>
        <translation>传令官</translation>
    </message>
    <message>
        <source>%1 withdraws their vote and abstains</source>
        <translation>%1 撤回投票，改为弃票</translation>
    </message>
    <message>
        <source>%1 abstains</source>
        <translation>%1 弃票</translation>
    </message>
    <message>
        <source>%1 switches their vote to %2</source>
        <translation>%1 改投 %2</translation>
    </message>
    <message>
        <source>%1 votes to eliminate %2</source>
        <translation>%1 投票放逐 %2</translation>
    </message>
    <message>
        <source>VOTE CHANGED</source>
        <translation>改票</translation>
    </message>
    <message>
        <source>VOTE</source>
        <translation>投票</translation>
    </message>
    <message>
        <source>Dawn breaks and everyone wakes up. The doctor saved a life tonight.</source>
        <translation>天亮了，所有人都醒了过来。医生今晚救下了一条命。</translation>
    </message>
    <message>
        <source>Dawn breaks. %1 was killed in the night.</source>
        <translation>天亮了。%1 在夜里遇害。</translation>
    </message>
    <message numerus="yes">
        <source>The vote is in: %1 with %n vote(s).</source>
        <translation>
            <numerusform>投票结果：%1 得 %n 票。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The vote is tied at %n vote(s) — no one is eliminated.</source>
        <translation>
            <numerusform>投票以各 %n 票打平 — 无人出局。</numerusform>
        </translation>
    </message>
    <message>
        <source>No votes were cast — no one is eliminated.</source>
        <translation>无人投票 — 无人出局。</translation>
    </message>
    <message>
        <source>Game over: the %1 win.</source>
        <translation>游戏结束：%1获胜。</translation>
    </message>
    <message>
        <source>All roles are revealed.</source>
        <translation>所有身份已公开。</translation>
    </message>
    <message>
        <source>The host paused the match.</source>
        <translation>主持人暂停了对局。</translation>
    </message>
    <message>
        <source>The host skipped ahead.</source>
        <translation>主持人跳过了当前阶段。</translation>
    </message>
    <message>
        <source>The match resumes.</source>
        <translation>对局继续。</translation>
    </message>
    <message>
        <source>Roles are dealt. The werewolves are %1.</source>
        <translation>身份已发放。狼人是 %1。</translation>
    </message>
    <message>
        <source>SECRET</source>
        <translation>秘密</translation>
    </message>
    <message>
        <source>%1 marks %2 as tonight&apos;s prey.</source>
        <translation>%1 将 %2 选为今晚的猎物。</translation>
    </message>
    <message>
        <source>WOLF</source>
        <translation>狼人</translation>
    </message>
    <message>
        <source>The seer %1 inspects %2: a WEREWOLF!</source>
        <translation>预言家 %1 查验 %2：是狼人！</translation>
    </message>
    <message>
        <source>The seer %1 inspects %2: not a werewolf.</source>
        <translation>预言家 %1 查验 %2：不是狼人。</translation>
    </message>
    <message>
        <source>SEER</source>
        <translation>预言家</translation>
    </message>
    <message>
        <source>The doctor %1 watches over %2.</source>
        <translation>医生 %1 守护 %2。</translation>
    </message>
    <message>
        <source>DOCTOR</source>
        <translation>医生</translation>
    </message>
    <message>
        <source>The wolves went for %1, but the doctor was there.</source>
        <translation>狼人袭击了 %1，但医生守在那里。</translation>
    </message>
    <message>
        <source>The wolves&apos; choice: %1.</source>
        <translation>狼人的选择：%1。</translation>
    </message>
    <message>
        <source>NIGHT</source>
        <translation>夜晚</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Speaker</source>
        <translation>发言者</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>SPOILER</source>
        <translation>剧透</translation>
    </message>
    <message>
        <source>BREAKING</source>
        <translation>突发</translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>THOUGHT</source>
        <translation>想法</translation>
    </message>
    <message>
        <source>HAND-OVER</source>
        <translation>移交</translation>
    </message>
    <message>
        <source>STAND-IN</source>
        <translation>替补</translation>
    </message>
    <message>
        <source>Werewolf Game #%1 opens its doors. %2 players take their seats.</source>
        <translation>狼人杀第 %1 局开门了。%2 名玩家入座。</translation>
    </message>
    <message>
        <source>Night %1 · %2</source>
        <translation>第%1夜 · %2</translation>
    </message>
    <message>
        <source>Day %1 · %2: %3</source>
        <translation>第%1天 · %2：%3</translation>
    </message>
    <message>
        <source>Dawn breaks and everyone wakes up. No one died in the night.</source>
        <translation>天亮了，大家都醒来了。昨晚无人死亡。</translation>
    </message>
    <message>
        <source>Dawn breaks. %1 died in the night.</source>
        <translation>天亮了。%1 在夜里死去。</translation>
    </message>
    <message>
        <source>%1 is shot by the hunter %2.</source>
        <translation>%1 被猎人 %2 射杀。</translation>
    </message>
    <message>
        <source>%1 is eliminated by the town.</source>
        <translation>%1 被村民投票出局。</translation>
    </message>
    <message>
        <source>%1 is dead.</source>
        <translation>%1 已死亡。</translation>
    </message>
    <message>
        <source>They were a %1.</source>
        <translation>其身份是%1。</translation>
    </message>
    <message numerus="yes">
        <source>The vote is tied at %n vote(s) — %1 go to the PK: a defence each, then a revote.</source>
        <translation>
            <numerusform>投票以各 %n 票打平 —— %1 进入 PK：各自辩护，然后再投票。</numerusform>
        </translation>
    </message>
    <message>
        <source>PK</source>
        <translation>PK</translation>
    </message>
    <message>
        <source>PK REVOTE</source>
        <translation>PK 再投票</translation>
    </message>
    <message numerus="yes">
        <source>The PK revote is in: %1 with %n vote(s).</source>
        <translation>
            <numerusform>PK 再投票结果：%1 得 %n 票。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The PK revote is tied again at %n vote(s) — no one is eliminated.</source>
        <translation>
            <numerusform>PK 再投票再次以各 %n 票打平 —— 无人出局。</numerusform>
        </translation>
    </message>
    <message>
        <source>No votes were cast in the PK revote — no one is eliminated.</source>
        <translation>PK 再投票无人投票 —— 无人出局。</translation>
    </message>
    <message>
        <source>Game over: a draw — day %1 was the last, and no side has won.</source>
        <translation>游戏结束：平局 —— 第%1天是最后一天，没有阵营获胜。</translation>
    </message>
    <message>
        <source>Game over: a draw.</source>
        <translation>游戏结束：平局。</translation>
    </message>
    <message>
        <source>The wolves went for %1, but the witch&apos;s antidote saved them.</source>
        <translation>狼人袭击了 %1，但女巫的解药救下了其性命。</translation>
    </message>
    <message>
        <source>The wolves went for %1; the antidote and the doctor&apos;s watch cancelled out.</source>
        <translation>狼人袭击了 %1；解药与医生的守护相互抵消。</translation>
    </message>
    <message>
        <source>The witch poisoned %1.</source>
        <translation>女巫毒杀了 %1。</translation>
    </message>
    <message>
        <source>The wolves settle on %1; the witch&apos;s turn comes next.</source>
        <translation>狼人选定了 %1；接下来轮到女巫。</translation>
    </message>
    <message>
        <source>WOLVES</source>
        <translation>狼人</translation>
    </message>
    <message>
        <source>The witch %1 wakes, not told the wolves&apos; victim.</source>
        <translation>女巫 %1 醒来，未被告知狼人的目标。</translation>
    </message>
    <message>
        <source>The witch %1 wakes: the wolves chose %2.</source>
        <translation>女巫 %1 醒来：狼人选择了 %2。</translation>
    </message>
    <message>
        <source>Antidote: %1 · poison: %2.</source>
        <translation>解药：%1 · 毒药：%2。</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>有</translation>
    </message>
    <message>
        <source>used</source>
        <translation>已用</translation>
    </message>
    <message>
        <source>WITCH</source>
        <translation>女巫</translation>
    </message>
    <message>
        <source>The witch %1 pours the antidote for %2.</source>
        <translation>女巫 %1 对 %2 使用了解药。</translation>
    </message>
    <message>
        <source>The witch %1 poisons %2.</source>
        <translation>女巫 %1 毒杀了 %2。</translation>
    </message>
    <message>
        <source>The witch %1 uses no potion tonight.</source>
        <translation>女巫 %1 今晚没有使用药剂。</translation>
    </message>
    <message>
        <source>The hunter %1 fires a last shot at %2.</source>
        <translation>猎人 %1 向 %2 开出了最后一枪。</translation>
    </message>
    <message>
        <source>The hunter %1 did not shoot in time.</source>
        <translation>猎人 %1 未能及时开枪。</translation>
    </message>
    <message>
        <source>The hunter %1 lowers the gun and shoots no one.</source>
        <translation>猎人 %1 放下枪，没有开枪。</translation>
    </message>
    <message>
        <source>HUNTER</source>
        <translation>猎人</translation>
    </message>
    <message>
        <source>The host set the timers to ×%1.</source>
        <translation>主持人将计时器设为 ×%1。</translation>
    </message>
</context>
<context>
    <name>townhall::ui::UiText</name>
    <message>
        <source>Lobby</source>
        <translation>大厅</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>夜晚</translation>
    </message>
    <message>
        <source>Dawn</source>
        <translation>天亮</translation>
    </message>
    <message>
        <source>Opening statements</source>
        <translation>开场发言</translation>
    </message>
    <message>
        <source>Discussion</source>
        <translation>自由讨论</translation>
    </message>
    <message>
        <source>Vote</source>
        <translation>投票</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>结算</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>游戏结束</translation>
    </message>
    <message>
        <source>Villager</source>
        <translation>村民</translation>
    </message>
    <message>
        <source>Werewolf</source>
        <translation>狼人</translation>
    </message>
    <message>
        <source>Seer</source>
        <translation>预言家</translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation>医生</translation>
    </message>
    <message>
        <source>Werewolves</source>
        <translation>狼人阵营</translation>
    </message>
    <message>
        <source>Villagers</source>
        <translation>村民阵营</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>开场发言</translation>
    </message>
    <message>
        <source>discussion</source>
        <translation>讨论</translation>
    </message>
    <message>
        <source>defense</source>
        <translation>辩护</translation>
    </message>
    <message>
        <source>last words</source>
        <translation>遗言</translation>
    </message>
    <message>
        <source>Accusation</source>
        <translation>指控</translation>
    </message>
    <message>
        <source>Seer claim</source>
        <translation>跳预言家</translation>
    </message>
    <message>
        <source>Counterclaim</source>
        <translation>对跳</translation>
    </message>
    <message>
        <source>Contradiction</source>
        <translation>自相矛盾</translation>
    </message>
    <message>
        <source>Vote flip</source>
        <translation>改票</translation>
    </message>
    <message>
        <source>Doctor save</source>
        <translation>医生救人</translation>
    </message>
    <message>
        <source>Wolf on wolf</source>
        <translation>狼踩狼</translation>
    </message>
    <message>
        <source>Fake claim</source>
        <translation>悍跳</translation>
    </message>
    <message numerus="yes">
        <source>%n vote(s)</source>
        <translation>
            <numerusform>%n 票</numerusform>
        </translation>
    </message>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>one</source>
        <translation>一</translation>
    </message>
    <message>
        <source>two</source>
        <translation>两</translation>
    </message>
    <message>
        <source>three</source>
        <translation>三</translation>
    </message>
    <message>
        <source>four</source>
        <translation>四</translation>
    </message>
    <message>
        <source>five</source>
        <translation>五</translation>
    </message>
    <message>
        <source>six</source>
        <translation>六</translation>
    </message>
    <message>
        <source>seven</source>
        <translation>七</translation>
    </message>
    <message>
        <source>eight</source>
        <translation>八</translation>
    </message>
    <message>
        <source>nine</source>
        <translation>九</translation>
    </message>
    <message>
        <source>ten</source>
        <translation>十</translation>
    </message>
    <message>
        <source>eleven</source>
        <translation>十一</translation>
    </message>
    <message>
        <source>twelve</source>
        <translation>十二</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>separates the items of a list but the last (&quot;A, B and C&quot;)</extracomment>
        <translation>、</translation>
    </message>
    <message>
        <source> and </source>
        <extracomment>separates the last two items of a list (&quot;A, B and C&quot;)</extracomment>
        <translation> 和 </translation>
    </message>
    <message>
        <source>Witch</source>
        <translation>女巫</translation>
    </message>
    <message>
        <source>Hunter&apos;s shot</source>
        <translation>猎人开枪</translation>
    </message>
    <message>
        <source>PK defence</source>
        <translation>PK 辩护</translation>
    </message>
    <message>
        <source>PK revote</source>
        <translation>PK 再投票</translation>
    </message>
    <message>
        <source>Hunter</source>
        <translation>猎人</translation>
    </message>
    <message>
        <source>Witch&apos;s potion</source>
        <translation>女巫的药剂</translation>
    </message>
    <message>
        <source>PK</source>
        <translation>PK</translation>
    </message>
    <message>
        <source>Deadly night</source>
        <translation>血腥之夜</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>平局</translation>
    </message>
</context>
<context>
    <name>townhall::ui::VoteTallyModel</name>
    <message>
        <source>Abstained</source>
        <translation>弃票</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n vote(s) (%2)</source>
        <translation>
            <numerusform>%1：%n 票（%2）</numerusform>
        </translation>
    </message>
    <message>
        <source>Target</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Votes</source>
        <translation>票数</translation>
    </message>
    <message>
        <source>Voters</source>
        <translation>投票者</translation>
    </message>
    <message numerus="yes">
        <source>First round: tied at %n vote(s) — %1</source>
        <translation>
            <numerusform>第一轮：各 %n 票打平 —— %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>townhall::ui::VoteTallyView</name>
    <message>
        <source>Vote tally</source>
        <translation>计票</translation>
    </message>
    <message>
        <source>No vote yet</source>
        <translation>尚未投票</translation>
    </message>
    <message>
        <source>Day %1 vote: %2 of %3 voted</source>
        <translation>第 %1 天投票：%3 人中已有 %2 人投票</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n</source>
        <translation>
            <numerusform>%1：%n</numerusform>
        </translation>
    </message>
    <message>
        <source>Tie — no one is eliminated</source>
        <translation>平票 — 无人出局</translation>
    </message>
    <message>
        <source>Tied at %1</source>
        <translation>%1 票平票</translation>
    </message>
    <message>
        <source>%1 is eliminated</source>
        <translation>%1 出局</translation>
    </message>
    <message>
        <source>No vote yet today.
The tally fills in live when the town votes.</source>
        <translation>今天尚未投票。
全镇投票时，计票会实时更新。</translation>
    </message>
    <message>
        <source>Day %1 vote — result</source>
        <translation>第 %1 天投票 — 结果</translation>
    </message>
    <message>
        <source>Day %1 vote</source>
        <translation>第 %1 天投票</translation>
    </message>
    <message>
        <source>● LIVE  %1/%2 voted</source>
        <translation>● 直播  已投 %1/%2</translation>
    </message>
    <message>
        <source>%1/%2 voted</source>
        <translation>已投 %1/%2</translation>
    </message>
    <message>
        <source>Most votes is out · majority mark at %1 · a tie saves everyone</source>
        <translation>得票最多者出局 · 过半线为 %1 票 · 平票则全员幸免</translation>
    </message>
    <message>
        <source>TIE at %1 — no one is eliminated</source>
        <translation>%1 票平票 — 无人出局</translation>
    </message>
    <message>
        <source>TIED at %1 — nobody goes if it stays this way</source>
        <translation>%1 票打平 — 若保持如此则无人出局</translation>
    </message>
    <message>
        <source>Still to vote: %1</source>
        <translation>尚未投票：%1</translation>
    </message>
    <message>
        <source>Day %1 PK revote — result</source>
        <translation>第%1天 PK 再投票 —— 结果</translation>
    </message>
    <message>
        <source>Day %1 PK revote</source>
        <translation>第%1天 PK 再投票</translation>
    </message>
    <message>
        <source>PK revote: only %1 can be voted for · a second tie saves everyone</source>
        <translation>PK 再投票：只能投给 %1 · 再次平票则无人出局</translation>
    </message>
    <message>
        <source>Most votes is out · majority mark at %1 · a tie goes to the PK (a defence each, then a revote)</source>
        <translation>得票最多者出局 · 过半数为 %1 票 · 平票进入 PK（各自辩护，然后再投票）</translation>
    </message>
    <message>
        <source>TIE at %1 — to the PK: %2</source>
        <translation>以 %1 票平票 —— 进入 PK：%2</translation>
    </message>
    <message>
        <source>TIED at %1 — a PK if it stays this way</source>
        <translation>以 %1 票打平 —— 若维持不变将进入 PK</translation>
    </message>
</context>
<context>
    <name>townhall::ui::WatchWindow</name>
    <message>
        <source>Town Hall — watching %1</source>
        <translation>Town Hall — 正在观看 %1</translation>
    </message>
    <message>
        <source>Watching a host</source>
        <translation>正在观看主机</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Address of the host&apos;s spectator feed (ws://, wss:// or host:port):</source>
        <translation>主机观众数据流的地址（ws://、wss:// 或 主机:端口）：</translation>
    </message>
    <message>
        <source>Watch a host</source>
        <translation>观看主机</translation>
    </message>
</context>
</TS>
