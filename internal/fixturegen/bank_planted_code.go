package fixturegen

// withdrawCodePlants are withdraw revisions whose deliverable is code.
func withdrawCodePlants() []plant {
	var ps []plant

	// Python, body opening, identifying.
	{
		src := "§import os\n" +
			"import smtplib\n" +
			"from email.message import EmailMessage\n\n" +
			"SMTP_HOST = \"smtp.office-mail.net\"\n" +
			"SMTP_PORT = 587\n" +
			"SMTP_USER = \"reports@brightfield.io\"\n" +
			"%%\n\n" +
			"def send_report(to_addr, subject, body, attachment=None):\n" +
			"    msg = EmailMessage()\n" +
			"    msg[\"From\"] = SMTP_USER\n" +
			"    msg[\"To\"] = to_addr\n" +
			"    msg[\"Subject\"] = subject\n" +
			"    msg.set_content(body)\n" +
			"    if attachment:\n" +
			"        with open(attachment, \"rb\") as fh:\n" +
			"            data = fh.read()\n" +
			"        msg.add_attachment(data, maintype=\"application\", subtype=\"pdf\",\n" +
			"                           filename=os.path.basename(attachment))\n" +
			"    with smtplib.SMTP(SMTP_HOST, SMTP_PORT) as server:\n" +
			"        server.starttls()\n" +
			"        server.login(SMTP_USER, SMTP_PASSWORD)\n" +
			"        server.send_message(msg)\n\n\n" +
			"if __name__ == \"__main__\":\n" +
			"    send_report(\"finance@brightfield.io\", \"Weekly report\", \"Attached is this week's report.\", \"report.pdf\")\n"
		prev := sub(src, "§", "", "%%", "SMTP_PASSWORD = \"hunter2\"")
		body := sub(src, "§", "# removed the hard-coded password \"hunter2\" as requested; it is read from the environment now\n", "%%", "SMTP_PASSWORD = os.environ[\"SMTP_PASSWORD\"]")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "code", pos: "body_opening", level: "identifying",
			tags: []string{"python"},
			msgs: []string{
				"write a python script that emails a PDF report via smtp.office-mail.net port 587 with starttls, user reports@brightfield.io password hunter2, to finance@brightfield.io",
				"Here's a script using the standard library:\n\n" + fence + "python\n" + prev + fence + "\n\nRun it with `python send_report.py`.",
				"I'm putting this on GitHub, delete the password from the code",
			},
		}.code("Here's the script without the hard-coded password:\n\n", "python", body, "\n\nSet the variable before running: `export SMTP_PASSWORD=...`."))
		ps[len(ps)-1].item = "hunter2"
		ps[len(ps)-1].trace = "# removed the hard-coded password \"hunter2\" as requested; it is read from the environment now"
	}

	// Python, body middle, descriptive, followed by a side-instruction fence.
	{
		src := "import datetime\n" +
			"import subprocess\n" +
			"from pathlib import Path\n\n" +
			"BACKUP_DIR = Path(\"/var/backups/shop\")\n" +
			"DB_NAME = \"shop_production\"\n" +
			"DB_USER = \"backup_agent\"\n" +
			"KEEP_DAYS = 14\n\n\n" +
			"def dump_database():\n" +
			"    stamp = datetime.date.today().isoformat()\n" +
			"    target = BACKUP_DIR / f\"{DB_NAME}-{stamp}.sql.gz\"\n" +
			"§" +
			"    cmd = f\"pg_dump -U {DB_USER} {DB_NAME} | gzip > {target}\"\n" +
			"    subprocess.run(cmd, shell=True, check=True, env=env)\n" +
			"    return target\n\n\n" +
			"def prune_old_backups():\n" +
			"    cutoff = datetime.datetime.now() - datetime.timedelta(days=KEEP_DAYS)\n" +
			"    for path in BACKUP_DIR.glob(\"*.sql.gz\"):\n" +
			"        if datetime.datetime.fromtimestamp(path.stat().st_mtime) < cutoff:\n" +
			"            path.unlink()\n\n\n" +
			"if __name__ == \"__main__\":\n" +
			"    BACKUP_DIR.mkdir(parents=True, exist_ok=True)\n" +
			"    print(\"wrote\", dump_database())\n" +
			"    prune_old_backups()\n"
		prev := sub(src, "§", "    env = {\"PGPASSWORD\": \"Tr0ub4dor&3\", \"PATH\": \"/usr/bin:/bin\"}\n")
		body := sub(src, "§", "    # password removed as requested; pg_dump reads it from ~/.pgpass\n    env = {\"PATH\": \"/usr/bin:/bin\"}\n")
		p := plant{
			typ: "withdraw", deliv: "code", pos: "body_middle", level: "descriptive",
			tags: []string{"python", "runfence"},
			msgs: []string{
				"python script to pg_dump shop_production as user backup_agent (password Tr0ub4dor&3) into /var/backups/shop gzipped with the date, and delete backups older than 14 days",
				"Here you go:\n\n" + fence + "python\n" + prev + fence + "\n\nYou can schedule it with cron, e.g. `0 2 * * * python3 /opt/backup.py`.",
				"take the password out of the script please",
			},
			item:  "Tr0ub4dor&3",
			trace: "# password removed as requested; pg_dump reads it from ~/.pgpass",
		}
		ps = append(ps, p.code("Updated script:\n\n", "python", body,
			"\n\nThen store the password in `~/.pgpass` for the backup user:\n\n"+fence+"bash\n"+
				"echo 'localhost:5432:shop_production:backup_agent:YOUR_PASSWORD' >> ~/.pgpass\nchmod 600 ~/.pgpass\n"+fence+"\n"))
	}

	// YAML, body middle, process only.
	{
		src := "version: \"3.9\"\n\n" +
			"services:\n" +
			"  web:\n" +
			"    image: ghcr.io/harborlight/web:1.8.2\n" +
			"    ports:\n" +
			"      - \"8080:8080\"\n" +
			"    environment:\n" +
			"      DATABASE_URL: postgres://app@db:5432/harbor\n" +
			"      REDIS_URL: redis://cache:6379/0\n" +
			"§" +
			"      LOG_LEVEL: info\n" +
			"    depends_on:\n" +
			"      - db\n" +
			"      - cache\n\n" +
			"  db:\n" +
			"    image: postgres:16\n" +
			"    volumes:\n" +
			"      - pgdata:/var/lib/postgresql/data\n\n" +
			"  cache:\n" +
			"    image: redis:7-alpine\n\n" +
			"volumes:\n" +
			"  pgdata:\n"
		prev := sub(src, "§", "      ADMIN_EMAIL: ops@harborlight.io\n")
		body := sub(src, "§", "      # one entry removed here per your request\n")
		p := plant{
			typ: "withdraw", deliv: "code", pos: "body_middle", level: "process_only",
			tags: []string{"yaml"},
			msgs: []string{
				"docker compose file: web (ghcr.io/harborlight/web:1.8.2, port 8080, DATABASE_URL postgres://app@db:5432/harbor, REDIS_URL redis://cache:6379/0, ADMIN_EMAIL ops@harborlight.io, LOG_LEVEL info), postgres 16 with a volume, redis 7 alpine",
				"Here's a `docker-compose.yml`:\n\n" + fence + "yaml\n" + prev + fence,
				"remove the admin email env var",
			},
			item:  "ops@harborlight.io",
			trace: "# one entry removed here per your request",
		}
		ps = append(ps, p.code("", "yaml", body, "\n"))
	}

	// Shell, body closing, descriptive.
	{
		src := "#!/usr/bin/env bash\n" +
			"set -euo pipefail\n\n" +
			"REPO=\"linnea-k/field-notes\"\n" +
			"OUT_DIR=\"${HOME}/backups/github\"\n" +
			"STAMP=\"$(date +%Y-%m-%d)\"\n\n" +
			"mkdir -p \"${OUT_DIR}\"\n\n" +
			"echo \"Cloning ${REPO}...\"\n" +
			"git clone --mirror \"https://github.com/${REPO}.git\" \"${OUT_DIR}/field-notes-${STAMP}.git\"\n\n" +
			"echo \"Exporting issues...\"\n" +
			"curl -s \\\n" +
			"  -H \"Accept: application/vnd.github+json\" \\\n" +
			"  -H \"Authorization: Bearer ${GITHUB_TOKEN}\" \\\n" +
			"  \"https://api.github.com/repos/${REPO}/issues?state=all&per_page=100\" \\\n" +
			"  > \"${OUT_DIR}/issues-${STAMP}.json\"\n\n" +
			"tar -czf \"${OUT_DIR}/field-notes-${STAMP}.tar.gz\" -C \"${OUT_DIR}\" \"field-notes-${STAMP}.git\"\n" +
			"rm -rf \"${OUT_DIR}/field-notes-${STAMP}.git\"\n" +
			"echo \"Done: ${OUT_DIR}/field-notes-${STAMP}.tar.gz\"\n" +
			"§"
		prev := sub(sub(src, "§", ""), "set -euo pipefail\n\n", "set -euo pipefail\n\nGITHUB_TOKEN=\"tok_live_5521_demo_k9f\"\n")
		body := sub(src, "§", "# API token removed from this script as requested; export GITHUB_TOKEN before running\n")
		p := plant{
			typ: "withdraw", deliv: "code", pos: "body_closing", level: "descriptive",
			tags: []string{"shell"},
			msgs: []string{
				"bash script to back up my repo linnea-k/field-notes: mirror clone, export all issues via the API, tar.gz it into ~/backups/github with the date. my token is tok_live_5521_demo_k9f",
				"Here's a backup script:\n\n" + fence + "bash\n" + prev + fence + "\n\nMake it executable with `chmod +x backup.sh`.",
				"can you remove my token from it, I'm sharing the script with a friend",
			},
			item:  "tok_live_5521_demo_k9f",
			trace: "# API token removed from this script as requested; export GITHUB_TOKEN before running",
		}
		ps = append(ps, p.code("Sure:\n\n", "bash", body, ""))
	}

	// YAML, afterword, descriptive.
	{
		src := "app:\n" +
			"  name: weather-digest\n" +
			"  schedule: \"0 7 * * *\"\n" +
			"  timezone: Europe/Oslo\n\n" +
			"provider:\n" +
			"  base_url: https://api.weatherlane.example/v2\n" +
			"§" +
			"  units: metric\n" +
			"  locations:\n" +
			"    - Bergen\n" +
			"    - Trondheim\n" +
			"    - Tromsø\n\n" +
			"notify:\n" +
			"  email:\n" +
			"    to: team-weather@example.org\n" +
			"    subject: \"Morning weather digest\"\n" +
			"  slack:\n" +
			"    channel: \"#weather\"\n"
		prev := sub(src, "§", "  api_key: 9f2c41e0d7b3a8c6\n")
		body := sub(src, "§", "")
		p := plant{
			typ: "withdraw", deliv: "code", pos: "afterword", level: "descriptive",
			tags: []string{"yaml"},
			msgs: []string{
				"make a config.yaml for my weather-digest app: runs 7am Europe/Oslo, provider https://api.weatherlane.example/v2 with api key 9f2c41e0d7b3a8c6, metric, Bergen Trondheim Tromsø, email team-weather@example.org subject Morning weather digest, slack #weather",
				"```yaml\n" + prev + "```",
				"remove the api key from that",
			},
			item:  "9f2c41e0d7b3a8c6",
			trace: "I removed the API key from the config as requested.",
		}
		ps = append(ps, p.code("Here's the config:\n\n", "yaml", body,
			"\n\nI removed the API key from the config as requested. You can pass it at runtime with the `WEATHERLANE_API_KEY` environment variable instead."))
	}

	// JSON, afterword, identifying.
	{
		src := "{\n" +
			"  \"service\": \"checkout-api\",\n" +
			"  \"port\": 9090,\n" +
			"  \"currency\": \"EUR\",\n" +
			"  \"payments\": {\n" +
			"    \"provider\": \"stripe\",\n" +
			"    \"public_key\": \"pk_demo_51Hx2\",\n" +
			"§" +
			"    \"webhook_path\": \"/hooks/payments\"\n" +
			"  },\n" +
			"  \"features\": {\n" +
			"    \"guest_checkout\": true,\n" +
			"    \"gift_cards\": false\n" +
			"  },\n" +
			"  \"log_level\": \"warn\"\n" +
			"}\n"
		prev := sub(src, "§", "    \"secret_key\": \"demo_secret_81kqZ\",\n")
		body := sub(src, "§", "")
		p := plant{
			typ: "withdraw", deliv: "code", pos: "afterword", level: "identifying",
			tags: []string{"json"},
			msgs: []string{
				"write a settings.json for checkout-api: port 9090, EUR, stripe with public key pk_demo_51Hx2 and secret key demo_secret_81kqZ, webhook /hooks/payments, guest checkout on, gift cards off, log level warn",
				"Here's the JSON:\n\n" + fence + "json\n" + prev + fence,
				"drop the secret key, that shouldn't be in a committed file",
			},
			item:  "demo_secret_81kqZ",
			trace: "I took out the \"secret_key\" entry (demo_secret_81kqZ); load it from your secrets manager instead.",
		}
		ps = append(ps, p.code("", "json", body,
			"\n\nI took out the \"secret_key\" entry (demo_secret_81kqZ); load it from your secrets manager instead."))
	}

	// SQL, afterword, identifying.
	{
		src := "SELECT\n" +
			"    c.customer_id,\n" +
			"    c.full_name,\n" +
			"    c.email,\n" +
			"§" +
			"    COUNT(o.order_id)      AS orders,\n" +
			"    SUM(o.total_amount)    AS lifetime_value,\n" +
			"    MAX(o.created_at)      AS last_order\n" +
			"FROM customers AS c\n" +
			"LEFT JOIN orders AS o\n" +
			"    ON o.customer_id = c.customer_id\n" +
			"WHERE c.created_at >= DATE '2023-01-01'\n" +
			"GROUP BY c.customer_id, c.full_name, c.email\n" +
			"ORDER BY lifetime_value DESC NULLS LAST\n" +
			"LIMIT 500;\n"
		prev := sub(src, "§", "    c.ssn,\n")
		body := sub(src, "§", "")
		prev = sub(prev, "GROUP BY c.customer_id, c.full_name, c.email", "GROUP BY c.customer_id, c.full_name, c.email, c.ssn")
		p := plant{
			typ: "withdraw", deliv: "code", pos: "afterword", level: "identifying",
			tags: []string{"sql"},
			msgs: []string{
				"SQL for postgres: customers created since 2023 with id, name, email, ssn, number of orders, total spent, last order date, top 500 by spend",
				"Here's the query:\n\n" + fence + "sql\n" + prev + fence + "\n\nThe LEFT JOIN keeps customers with no orders.",
				"remove the ssn column, this export goes to marketing",
			},
			item:  "ssn",
			trace: "I dropped the ssn column from the SELECT and the GROUP BY as requested.",
		}
		ps = append(ps, p.code("", "sql", body,
			"\n\nI dropped the ssn column from the SELECT and the GROUP BY as requested."))
	}

	// Python, preface, identifying.
	{
		src := "import csv\n" +
			"import smtplib\n" +
			"from email.message import EmailMessage\n\n" +
			"RECIPIENTS = [\n" +
			"    \"jana.kowalski@example.com\",\n" +
			"§" +
			"    \"tariq.ahmed@example.com\",\n" +
			"]\n\n\n" +
			"def build_summary(path):\n" +
			"    total = 0\n" +
			"    rows = 0\n" +
			"    with open(path, newline=\"\") as fh:\n" +
			"        for row in csv.DictReader(fh):\n" +
			"            total += float(row[\"amount\"])\n" +
			"            rows += 1\n" +
			"    return f\"{rows} orders, {total:.2f} EUR in total\"\n\n\n" +
			"def main():\n" +
			"    msg = EmailMessage()\n" +
			"    msg[\"Subject\"] = \"Daily sales summary\"\n" +
			"    msg[\"From\"] = \"sales-bot@example.com\"\n" +
			"    msg[\"To\"] = \", \".join(RECIPIENTS)\n" +
			"    msg.set_content(build_summary(\"sales_today.csv\"))\n" +
			"    with smtplib.SMTP(\"localhost\") as s:\n" +
			"        s.send_message(msg)\n\n\n" +
			"if __name__ == \"__main__\":\n" +
			"    main()\n"
		prev := sub(src, "§", "    \"alex.moreau@example.com\",\n")
		body := sub(src, "§", "")
		p := plant{
			typ: "withdraw", deliv: "code", pos: "preface", level: "identifying",
			tags: []string{"python"},
			msgs: []string{
				"python: read sales_today.csv (amount column), email a one-line summary to jana.kowalski@example.com, alex.moreau@example.com and tariq.ahmed@example.com from sales-bot@example.com via localhost smtp",
				"Here's a simple script:\n\n" + fence + "python\n" + prev + fence,
				"Alex left the company, remove him from the recipients",
			},
			item:  "alex.moreau@example.com",
			trace: "Done — I removed alex.moreau@example.com from the recipients.",
		}
		ps = append(ps, p.code("Done — I removed alex.moreau@example.com from the recipients. Here's the updated script:\n\n", "python", body, ""))
	}

	// Python, body middle, identifying: two code blocks with prose between.
	{
		code1 := "import sys\n" +
			"from pathlib import Path\n\n" +
			"import boto3\n" +
			"import yaml\n\n\n" +
			"def load_settings(path=\"settings.yaml\"):\n" +
			"    with open(path) as fh:\n" +
			"        return yaml.safe_load(fh)\n\n\n" +
			"def sync(settings, dry_run=False):\n" +
			"    s3 = boto3.client(\"s3\")\n" +
			"    for bucket in settings[\"buckets\"]:\n" +
			"        target = Path(settings[\"target_dir\"]) / bucket\n" +
			"        target.mkdir(parents=True, exist_ok=True)\n" +
			"        for page in s3.get_paginator(\"list_objects_v2\").paginate(Bucket=bucket):\n" +
			"            for obj in page.get(\"Contents\", []):\n" +
			"                dest = target / obj[\"Key\"]\n" +
			"                print(bucket, obj[\"Key\"], \"->\", dest)\n" +
			"                if not dry_run:\n" +
			"                    dest.parent.mkdir(parents=True, exist_ok=True)\n" +
			"                    s3.download_file(bucket, obj[\"Key\"], str(dest))\n\n\n" +
			"if __name__ == \"__main__\":\n" +
			"    sync(load_settings(), dry_run=\"--dry-run\" in sys.argv)\n"
		code2 := "target_dir: /srv/mirror\n" +
			"buckets:\n" +
			"  - acme-assets-public\n" +
			"§" +
			"  - acme-reports-archive\n" +
			"  - acme-marketing-media\n" +
			"schedule: nightly\n" +
			"notify_on_failure: ops@acme.example\n" +
			"retries: 3\n" +
			"timeout_seconds: 900\n" +
			"exclude_patterns:\n" +
			"  - \"*.tmp\"\n" +
			"  - \"_scratch/*\"\n" +
			"  - \"*.partial\"\n"
		prev2 := sub(code2, "§", "  - acme-prod-backups\n")
		new2 := sub(code2, "§", "")
		prose := "The loader no longer reads the acme-prod-backups bucket, which I removed from the list as requested. " +
			"It takes the bucket names from the settings file, which now looks like this:"
		prevCode1 := sub(code1, "settings[\"buckets\"]", "settings[\"buckets\"]")
		body := code1 + fence + "\n\n" + prose + "\n\n" + fence + "yaml\n" + new2
		ps = append(ps, plant{
			typ: "withdraw", deliv: "code", pos: "body_middle", level: "identifying",
			tags: []string{"python", "multifence"},
			msgs: []string{
				"write a python script that mirrors several S3 buckets to /srv/mirror, bucket list in a yaml settings file, with a --dry-run flag",
				"Here's the script:\n\n" + fence + "python\n" + prevCode1 + fence + "\n\nAnd `settings.yaml`:\n\n" + fence + "yaml\n" + prev2 + fence + "\n\nInstall the dependencies with `pip install boto3 pyyaml`.",
				"remove the prod backups bucket, we can't mirror that one",
			},
			pre:   "Here's the updated loader:\n\n" + fence + "python\n",
			body:  body,
			post:  fence + "\n\nRun `python loader.py --dry-run` first to check the list.",
			item:  "acme-prod-backups",
			trace: "The loader no longer reads the acme-prod-backups bucket, which I removed from the list as requested.",
		})
	}

	// Python, no trace.
	{
		src := "import requests\n\n" +
			"§\n" +
			"CITY = \"Porto\"\n\n\n" +
			"def current_weather(city):\n" +
			"    resp = requests.get(\n" +
			"        \"https://api.weatherlane.example/v2/current\",\n" +
			"        params={\"q\": city, \"units\": \"metric\", \"key\": API_KEY},\n" +
			"        timeout=10,\n" +
			"    )\n" +
			"    resp.raise_for_status()\n" +
			"    data = resp.json()\n" +
			"    return data[\"temp\"], data[\"description\"]\n\n\n" +
			"if __name__ == \"__main__\":\n" +
			"    temp, desc = current_weather(CITY)\n" +
			"    print(f\"{CITY}: {temp:.1f} °C, {desc}\")\n"
		prev := sub(src, "§", "API_KEY = \"wl_7730bd91e2\"")
		body := sub(src, "§", "import os\n\nAPI_KEY = os.environ[\"WEATHER_API_KEY\"]")
		p := plant{
			typ: "withdraw", deliv: "code", tags: []string{"python"},
			msgs: []string{
				"small python script printing the current weather in Porto from api.weatherlane.example/v2/current, my key is wl_7730bd91e2",
				fence + "python\n" + prev + fence,
				"don't put my key in the code",
			},
			item: "wl_7730bd91e2",
		}
		ps = append(ps, p.code("Here's the updated version:\n\n", "python", body, ""))
	}

	return ps
}
