package fixturegen

// Code languages of the filler.
const (
	clPython = iota
	clJS
	clGo
	clSQL
	clBash
	clYAML
	clJSON
	nCodeLang
)

var (
	codeLangWeights = []int{38, 18, 8, 10, 10, 9, 7}
	codeLangNames   = [nCodeLang]string{"Python", "JavaScript", "Go", "SQL", "Bash", "YAML", "JSON"}
	codeFence       = [nCodeLang]string{"python", "javascript", "go", "sql", "bash", "yaml", "json"}
	codeComment     = [nCodeLang]string{"# ", "// ", "// ", "-- ", "# ", "# ", ""}
	codeHead        = [nCodeLang]string{
		clPython: "import json\nimport logging\nimport os\n\n",
		clGo:     "package main\n\nimport (\n\t\"bufio\"\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"net/http\"\n\t\"os\"\n\t\"strings\"\n)\n\n",
		clBash:   "#!/usr/bin/env bash\nset -euo pipefail\n\n",
	}
	// codeItem holds, per language, the line that shows the item and the
	// line that replaces it once withdrawn ("" for none).
	codeItem = [nCodeLang][2]string{
		clPython: {"¤E = \"¤U\"", "¤E = os.environ[\"¤E\"]"},
		clJS:     {"const ¤E = \"¤U\";", "const ¤E = process.env.¤E;"},
		clGo:     {"var ¤e = \"¤U\"", "var ¤e = os.Getenv(\"¤E\")"},
		clBash:   {"¤E=\"¤U\"", "¤E=\"${¤E:?set ¤E first}\""},
		clYAML:   {"¤e: ¤U", "¤e: ${¤E}"},
		clJSON:   {"  \"¤e\": \"¤U\"", ""},
	}
)

var codeBlocks = [nCodeLang][]string{
	clPython: {
		"def ¤F(path):\n" +
			"    \"\"\"Read a CSV file and return its rows as dictionaries.\"\"\"\n" +
			"    import csv\n\n" +
			"    with open(path, newline=\"\", encoding=\"utf-8\") as fh:\n" +
			"        ¤V = list(csv.DictReader(fh))\n" +
			"    logging.info(\"read %d rows from %s\", len(¤V), path)\n" +
			"    return ¤V\n",
		"def ¤F(url, retries=¤K):\n" +
			"    \"\"\"Fetch JSON from url, retrying on connection errors.\"\"\"\n" +
			"    import time\n\n" +
			"    import requests\n\n" +
			"    for attempt in range(retries):\n" +
			"        try:\n" +
			"            resp = requests.get(url, timeout=10)\n" +
			"            resp.raise_for_status()\n" +
			"            return resp.json()\n" +
			"        except requests.RequestException as exc:\n" +
			"            logging.warning(\"attempt %d failed: %s\", attempt + 1, exc)\n" +
			"            time.sleep(2 ** attempt)\n" +
			"    raise RuntimeError(f\"giving up on {url}\")\n",
		"def ¤F(¤V, key=\"amount\"):\n" +
			"    totals = {}\n" +
			"    for row in ¤V:\n" +
			"        group = row.get(\"category\", \"other\")\n" +
			"        totals[group] = totals.get(group, 0) + float(row.get(key) or 0)\n" +
			"    return dict(sorted(totals.items(), key=lambda kv: kv[1], reverse=True))\n",
		"class Inventory:\n" +
			"    def __init__(self):\n" +
			"        self.¤V = {}\n\n" +
			"    def add(self, name, qty=1):\n" +
			"        self.¤V[name] = self.¤V.get(name, 0) + qty\n\n" +
			"    def take(self, name, qty=1):\n" +
			"        if self.¤V.get(name, 0) < qty:\n" +
			"            raise ValueError(f\"not enough {name}\")\n" +
			"        self.¤V[name] -= qty\n\n" +
			"    def report(self):\n" +
			"        return \"\\n\".join(f\"{k}: {v}\" for k, v in sorted(self.¤V.items()))\n",
		"def ¤F(folder, ext=\".txt\"):\n" +
			"    \"\"\"Return the paths under folder whose name ends with ext, newest first.\"\"\"\n" +
			"    ¤V = []\n" +
			"    for root, _dirs, names in os.walk(folder):\n" +
			"        for name in names:\n" +
			"            if name.endswith(ext):\n" +
			"                ¤V.append(os.path.join(root, name))\n" +
			"    return sorted(¤V, key=os.path.getmtime, reverse=True)\n",
		"def main():\n" +
			"    import argparse\n\n" +
			"    parser = argparse.ArgumentParser(description=\"Process the ¤X export.\")\n" +
			"    parser.add_argument(\"input\")\n" +
			"    parser.add_argument(\"--limit\", type=int, default=¤K)\n" +
			"    parser.add_argument(\"--verbose\", action=\"store_true\")\n" +
			"    args = parser.parse_args()\n" +
			"    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)\n" +
			"    ¤V = ¤F(args.input)[: args.limit]\n" +
			"    print(json.dumps(¤V, indent=2, ensure_ascii=False))\n\n\n" +
			"if __name__ == \"__main__\":\n" +
			"    main()\n",
		"def ¤F(text):\n" +
			"    \"\"\"Lower-case text, drop punctuation and squeeze whitespace.\"\"\"\n" +
			"    import re\n\n" +
			"    text = re.sub(r\"[^\\w\\s-]\", \"\", text.lower())\n" +
			"    return re.sub(r\"\\s+\", \" \", text).strip()\n",
		"def ¤F(¤V, size=¤K):\n" +
			"    \"\"\"Yield successive chunks of size items.\"\"\"\n" +
			"    for start in range(0, len(¤V), size):\n" +
			"        yield ¤V[start : start + size]\n",
		"def ¤F(¤V):\n" +
			"    seen = set()\n" +
			"    unique = []\n" +
			"    for item in ¤V:\n" +
			"        key = item.strip().lower()\n" +
			"        if key and key not in seen:\n" +
			"            seen.add(key)\n" +
			"            unique.append(item.strip())\n" +
			"    return unique\n",
	},
	clJS: {
		"async function ¤f(url) {\n" +
			"  const res = await fetch(url, { headers: { Accept: \"application/json\" } });\n" +
			"  if (!res.ok) {\n" +
			"    throw new Error(`Request failed: ${res.status}`);\n" +
			"  }\n" +
			"  return res.json();\n" +
			"}\n",
		"function debounce(fn, wait = ¤K0) {\n" +
			"  let timer;\n" +
			"  return (...args) => {\n" +
			"    clearTimeout(timer);\n" +
			"    timer = setTimeout(() => fn(...args), wait);\n" +
			"  };\n" +
			"}\n",
		"function ¤f(¤V, key) {\n" +
			"  return ¤V.reduce((acc, item) => {\n" +
			"    const k = item[key] ?? \"other\";\n" +
			"    (acc[k] ||= []).push(item);\n" +
			"    return acc;\n" +
			"  }, {});\n" +
			"}\n",
		"app.get(\"/api/¤V\", async (req, res) => {\n" +
			"  const page = Number(req.query.page ?? 1);\n" +
			"  const limit = Math.min(Number(req.query.limit ?? ¤K), 100);\n" +
			"  const ¤V = await db.list({ offset: (page - 1) * limit, limit });\n" +
			"  res.json({ page, limit, data: ¤V });\n" +
			"});\n",
		"document.querySelector(\"#search\").addEventListener(\"input\", (event) => {\n" +
			"  const term = event.target.value.trim().toLowerCase();\n" +
			"  document.querySelectorAll(\".card\").forEach((card) => {\n" +
			"    const text = card.textContent.toLowerCase();\n" +
			"    card.hidden = term !== \"\" && !text.includes(term);\n" +
			"  });\n" +
			"});\n",
		"function ¤f(date) {\n" +
			"  return new Intl.DateTimeFormat(\"en-GB\", {\n" +
			"    day: \"2-digit\",\n" +
			"    month: \"short\",\n" +
			"    year: \"numeric\",\n" +
			"  }).format(new Date(date));\n" +
			"}\n",
	},
	clGo: {
		"func readLines(path string) ([]string, error) {\n" +
			"\tf, err := os.Open(path)\n" +
			"\tif err != nil {\n" +
			"\t\treturn nil, err\n" +
			"\t}\n" +
			"\tdefer f.Close()\n" +
			"\tvar lines []string\n" +
			"\tsc := bufio.NewScanner(f)\n" +
			"\tfor sc.Scan() {\n" +
			"\t\tif line := strings.TrimSpace(sc.Text()); line != \"\" {\n" +
			"\t\t\tlines = append(lines, line)\n" +
			"\t\t}\n" +
			"\t}\n" +
			"\treturn lines, sc.Err()\n" +
			"}\n",
		"type Item struct {\n" +
			"\tName  string  `json:\"name\"`\n" +
			"\tPrice float64 `json:\"price\"`\n" +
			"\tQty   int     `json:\"qty\"`\n" +
			"}\n\n" +
			"func (it Item) Total() float64 { return it.Price * float64(it.Qty) }\n",
		"func handle¤X(w http.ResponseWriter, r *http.Request) {\n" +
			"\tif r.Method != http.MethodGet {\n" +
			"\t\thttp.Error(w, \"method not allowed\", http.StatusMethodNotAllowed)\n" +
			"\t\treturn\n" +
			"\t}\n" +
			"\tw.Header().Set(\"Content-Type\", \"application/json\")\n" +
			"\tjson.NewEncoder(w).Encode(map[string]any{\"status\": \"ok\", \"limit\": ¤K})\n" +
			"}\n",
		"func main() {\n" +
			"\tif len(os.Args) < 2 {\n" +
			"\t\tfmt.Fprintln(os.Stderr, \"usage: ¤V FILE\")\n" +
			"\t\tos.Exit(1)\n" +
			"\t}\n" +
			"\tlines, err := readLines(os.Args[1])\n" +
			"\tif err != nil {\n" +
			"\t\tfmt.Fprintln(os.Stderr, err)\n" +
			"\t\tos.Exit(1)\n" +
			"\t}\n" +
			"\tfmt.Printf(\"%d non-empty lines\\n\", len(lines))\n" +
			"}\n",
	},
	clSQL: {
		"SELECT c.name,\n" +
			"       COUNT(o.id)        AS orders,\n" +
			"       SUM(o.total)       AS revenue\n" +
			"FROM customers c\n" +
			"JOIN orders o ON o.customer_id = c.id\n" +
			"WHERE o.created_at >= CURRENT_DATE - INTERVAL '¤K days'\n" +
			"GROUP BY c.name\n" +
			"ORDER BY revenue DESC;\n",
		"CREATE TABLE ¤V (\n" +
			"    id          SERIAL PRIMARY KEY,\n" +
			"    name        TEXT NOT NULL,\n" +
			"    status      TEXT NOT NULL DEFAULT 'new',\n" +
			"    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()\n" +
			");\n",
		"UPDATE ¤V\n" +
			"SET status = 'archived'\n" +
			"WHERE status = 'done'\n" +
			"  AND created_at < now() - INTERVAL '¤K days';\n",
		"WITH monthly AS (\n" +
			"    SELECT date_trunc('month', created_at) AS month, SUM(total) AS revenue\n" +
			"    FROM orders\n" +
			"    GROUP BY 1\n" +
			")\n" +
			"SELECT month, revenue,\n" +
			"       revenue - LAG(revenue) OVER (ORDER BY month) AS change\n" +
			"FROM monthly\n" +
			"ORDER BY month;\n",
		"CREATE INDEX IF NOT EXISTS idx_¤V_created_at ON ¤V (created_at);\n",
	},
	clBash: {
		"backup_dir=\"${HOME}/backups/$(date +%Y-%m-%d)\"\n" +
			"mkdir -p \"$backup_dir\"\n" +
			"for f in ./data/*.csv; do\n" +
			"    cp -- \"$f\" \"$backup_dir/\"\n" +
			"done\n" +
			"echo \"copied files to $backup_dir\"\n",
		"if ! command -v jq >/dev/null 2>&1; then\n" +
			"    echo \"jq is required\" >&2\n" +
			"    exit 1\n" +
			"fi\n",
		"log() {\n" +
			"    printf '%s [%s] %s\\n' \"$(date +%H:%M:%S)\" \"$1\" \"$2\"\n" +
			"}\n",
		"find ./logs -name '*.log' -mtime +¤K -print0 | xargs -0 -r gzip\n" +
			"log INFO \"compressed logs older than ¤K days\"\n",
		"for img in ./photos/*.jpg; do\n" +
			"    out=\"./thumbs/$(basename \"$img\")\"\n" +
			"    [ -f \"$out\" ] && continue\n" +
			"    convert \"$img\" -resize 320x320 \"$out\"\n" +
			"done\n",
	},
	clYAML: {
		"server:\n  host: 0.0.0.0\n  port: ¤K00\n  workers: 4\n",
		"database:\n  url: postgres://app@db:5432/¤V\n  pool_size: 10\n  timeout_seconds: 30\n",
		"logging:\n  level: info\n  format: json\n",
		"cache:\n  backend: redis\n  url: redis://cache:6379/0\n  ttl_seconds: ¤K0\n",
		"features:\n  - search\n  - export\n  - notifications\n",
		"schedule:\n  cron: \"0 6 * * *\"\n  timezone: Europe/London\n",
	},
	clJSON: {
		"  \"name\": \"¤V-service\",\n  \"version\": \"1.¤K.0\"",
		"  \"server\": {\n    \"host\": \"0.0.0.0\",\n    \"port\": ¤K00\n  }",
		"  \"database\": {\n    \"url\": \"postgres://app@db:5432/¤V\",\n    \"pool_size\": 10\n  }",
		"  \"logging\": {\n    \"level\": \"info\",\n    \"format\": \"json\"\n  }",
		"  \"features\": [\"search\", \"export\", \"notifications\"]",
		"  \"retry\": {\n    \"attempts\": 3,\n    \"backoff_ms\": ¤K0\n  }",
	},
}

// renderCode writes the current code draft (without fences).
func (g *gen) renderCode() {
	w := &g.w
	d := &g.d
	cl := g.c.codeLang
	blocks := codeBlocks[cl]
	n := d.size + d.extra
	if cl == clYAML || cl == clJSON {
		n = min(n, len(blocks))
	}
	base := int(d.seed % uint64(len(blocks)))
	if cl == clJSON {
		w.str("{\n")
	} else {
		w.str(codeHead[cl])
	}
	sep := "\n"
	if cl == clJSON {
		sep = ",\n"
	}
	first := true
	if d.hasItem {
		line := codeItem[cl][0]
		if g.item.out {
			line = codeItem[cl][1]
		}
		if line != "" {
			it := w.it
			w.it = &g.item
			w.put(&g.r, line)
			w.it = it
			first = false
			if cl != clJSON {
				w.str("\n")
			}
		}
	}
	for i := range n {
		g.codeTrace(i, n)
		if !first {
			w.str(sep)
		}
		first = false
		pr := g.paraRng(i)
		w.fn, w.fnCamel, w.vr = pr.pick(funcNames), pr.pick(camelNames), pr.pick(varNames)
		w.put(&pr, blocks[(base+i)%len(blocks)])
	}
	if cl == clJSON {
		w.str("\n}\n")
	}
	g.codeTrace(n, n)
}

// codeTrace writes the draft's trace as a comment line before block i of n.
func (g *gen) codeTrace(i, n int) {
	d := &g.d
	cl := g.c.codeLang
	if d.tracePos < 0 || codeComment[cl] == "" {
		return
	}
	if i != [3]int{0, n / 2, n}[d.tracePos] {
		return
	}
	w := &g.w
	if i > 0 && i < n {
		w.str("\n")
	}
	w.str(codeComment[cl])
	w.str(d.trace)
	w.str("\n")
}
