package fixturegen

// otherRevisionPlants are the planted replace, correct, reformat, extend and
// other revisions, with and without traces.
func otherRevisionPlants() []plant {
	var ps []plant

	// Replace, message, preface, process only (a short confirmation).
	{
		msg := "Hi Marta,\n\n" +
			"Would you be free for a quick call on §? I'd like to go through the supplier shortlist before we send it to procurement. " +
			"Thirty minutes should be enough — any time after 2 pm works for me.\n\n" +
			"I'll send a calendar invite once you confirm.\n\n" +
			"Thanks,\nOwen"
		prev, body := draftPair(msg, "Wednesday", "Thursday")
		ps = append(ps, plant{
			typ: "replace", deliv: "message", pos: "preface", level: "process_only",
			msgs: []string{
				"Message to Marta asking for a 30 min call Wednesday afternoon (after 2) to review the supplier shortlist before it goes to procurement. I'll send an invite. Owen",
				"Here's a message:\n\n" + prev,
				"Wednesday is packed, can you make it Thursday",
			},
			pre:   "Sure, I'll use Thursday instead. Here's the message:\n\n",
			body:  body,
			post:  "",
			item:  "Wednesday",
			trace: "Sure, I'll use Thursday instead.",
		})
	}

	// Replace, document, body middle, identifying.
	{
		doc := "## Vendor shortlist — office furniture tender\n\n" +
			"We compared nine suppliers on price, lead time, warranty and sustainability credentials. The four below met every mandatory requirement.\n\n" +
			"1. **Hartwell Interiors** — lowest total cost (£61,200), 6-week lead time, 10-year warranty on chairs.\n" +
			"2. **Oakline Workspace** — £64,900, FSC-certified timber throughout, 5-week lead time.\n" +
			"3. §\n" +
			"4. **Studio Brandt** — £69,300, strongest design proposal, but an 11-week lead time.\n\n" +
			"**Recommendation:** proceed to site visits with Hartwell and Oakline, and keep the other two as reserves. " +
			"Final scoring will weight price at 40%, lead time at 25%, warranty at 20% and sustainability at 15%, as agreed with the facilities board.\n\n" +
			"Procurement will issue the clarification questions on Monday and expects answers within five working days."
		prev, body := draftPair(doc,
			"**Acme Corp** — £66,100, includes free installation, 7-week lead time.",
			"**Northwind Traders** (replacing Acme Corp) — £66,800, includes installation and take-back of old furniture, 7-week lead time.")
		ps = append(ps, plant{
			typ: "replace", deliv: "document", pos: "body_middle", level: "identifying",
			msgs: []string{
				"Write up a vendor shortlist for the office furniture tender: 9 compared; shortlisted Hartwell Interiors £61,200 6wk 10yr chair warranty, Oakline Workspace £64,900 FSC 5wk, Acme Corp £66,100 free install 7wk, Studio Brandt £69,300 best design 11wk. Recommend site visits to Hartwell and Oakline. Weights price 40 lead 25 warranty 20 sustainability 15. Procurement issues questions Monday.",
				"Here's the write-up:\n\n" + prev,
				"Acme pulled out. Put Northwind Traders in its place, £66,800, install and take-back of old furniture, 7 weeks",
			},
			pre:   "Here's the revised shortlist:\n\n",
			body:  body,
			post:  "",
			item:  "Acme Corp",
			trace: "(replacing Acme Corp)",
		})
	}

	// Replace, code, body middle, identifying.
	{
		src := "import logging\n" +
			"from http.server import HTTPServer, SimpleHTTPRequestHandler\n" +
			"import ssl\n\n" +
			"logging.basicConfig(level=logging.INFO)\n\n" +
			"HOST = \"0.0.0.0\"\n" +
			"CERT_FILE = \"certs/server.crt\"\n" +
			"KEY_FILE = \"certs/server.key\"\n\n\n" +
			"class QuietHandler(SimpleHTTPRequestHandler):\n" +
			"    def log_message(self, fmt, *args):\n" +
			"        logging.info(\"%s - %s\", self.address_string(), fmt % args)\n\n\n" +
			"§" +
			"def main():\n" +
			"    httpd = HTTPServer((HOST, PORT), QuietHandler)\n" +
			"    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)\n" +
			"    ctx.load_cert_chain(CERT_FILE, KEY_FILE)\n" +
			"    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)\n" +
			"    logging.info(\"serving on https://%s:%d\", HOST, PORT)\n" +
			"    try:\n" +
			"        httpd.serve_forever()\n" +
			"    except KeyboardInterrupt:\n" +
			"        logging.info(\"shutting down\")\n" +
			"        httpd.server_close()\n\n\n" +
			"if __name__ == \"__main__\":\n" +
			"    main()\n"
		prev := sub(src, "§", "PORT = 8080\n\n\n")
		body := sub(src, "§", "# using port 8443 instead of 8080\nPORT = 8443\n\n\n")
		p := plant{
			typ: "replace", deliv: "code", pos: "body_middle", level: "identifying",
			tags: []string{"python"},
			msgs: []string{
				"python https static file server with http.server and ssl, cert in certs/server.crt and key certs/server.key, port 8080, log requests with logging",
				"Here's a minimal HTTPS server:\n\n" + fence + "python\n" + prev + fence,
				"use 8443 rather than the other port",
			},
			item:  "8080",
			trace: "# using port 8443 instead of 8080",
		}
		ps = append(ps, p.code("Here's the updated server:\n\n", "python", body, "\n\nNow open https://localhost:8443 in your browser."))
	}

	// Replace, shell, afterword, identifying.
	{
		src := "#!/bin/sh\n" +
			"# Clean build artefacts and caches from the project.\n" +
			"set -e\n\n" +
			"cd \"$(dirname \"$0\")\"\n\n" +
			"for dir in build dist .pytest_cache .mypy_cache; do\n" +
			"    if [ -d \"$dir\" ]; then\n" +
			"        echo \"cleaning $dir\"\n" +
			"        §\"$dir\"\n" +
			"    fi\n" +
			"done\n\n" +
			"find . -name '__pycache__' -type d -prune -exec §{} +\n" +
			"echo \"clean.\"\n"
		prev := sub(src, "§", "rm -rf ")
		body := sub(src, "§", "trash-put ")
		p := plant{
			typ: "replace", deliv: "code", pos: "afterword", level: "identifying",
			tags: []string{"shell"},
			msgs: []string{
				"shell script to clean build, dist, .pytest_cache, .mypy_cache and all __pycache__ dirs in my project",
				fence + "sh\n" + prev + fence + "\n\nSave it as `clean.sh` in the project root.",
				"swap rm -rf for trash-put so I can recover stuff",
			},
			item:  "rm -rf",
			trace: "I replaced rm -rf with trash-put as you asked, so everything goes to the trash first.",
		}
		ps = append(ps, p.code("Here's the safer version:\n\n", "sh", body,
			"\n\nI replaced rm -rf with trash-put as you asked, so everything goes to the trash first. Install it with `sudo apt install trash-cli`."))
	}

	// Replace, message, body closing, identifying.
	{
		msg := "Hi all,\n\n" +
			"Book club is on for Thursday the 9th at 7 pm! We're discussing *Tomorrow, and Tomorrow, and Tomorrow* — no spoilers in the chat, please, Hugo.\n\n" +
			"Bring a snack if you can; I'll sort drinks. Nadia has offered to lead the discussion this time, so come with one question each.\n\n" +
			"A few reminders: we start on time, phones on silent, and the host picks next month's book from the three most-voted titles. " +
			"If you can't make it, post your thoughts in the group chat before Thursday so they can be read out.\n\n" +
			"See you there,\nElif§"
		prev, body := draftPair(msg, "\n\nP.S. We're meeting at Luigi's on Canal Street.", "\n\nP.S. We'll meet at the Riverside Café instead of Luigi's this time.")
		ps = append(ps, plant{
			typ: "replace", deliv: "message", pos: "body_closing", level: "identifying",
			msgs: []string{
				"write a message to my book club: Thursday 9th 7pm, Tomorrow and Tomorrow and Tomorrow, no spoilers Hugo, bring snacks I do drinks, Nadia leads, one question each. we meet at Luigi's on Canal Street. from Elif",
				"Here's your message:\n\n" + prev,
				"change the venue to the Riverside Café",
			},
			pre:   "Updated:\n\n",
			body:  body,
			post:  "",
			item:  "Luigi's",
			trace: "P.S. We'll meet at the Riverside Café instead of Luigi's this time.",
		})
	}

	// Replace, message, afterword, descriptive.
	{
		msg := "Dear Professor Lindqvist,\n\n" +
			"Thank you again for agreeing to speak at our department seminar on 3 April. " +
			"As promised, we would like to invite you to dinner afterwards with a few members of the research group. " +
			"We have reserved a table for six at §, a short walk from the lecture theatre, at 7:30 pm.\n\n" +
			"Please let me know if you have any dietary requirements, and whether you would prefer a taxi back to your hotel.\n\n" +
			"With best wishes,\n" +
			"Dr. Amara Okoye"
		prev, body := draftPair(msg, "Osteria Bruno", "a small Italian restaurant nearby")
		ps = append(ps, plant{
			typ: "replace", deliv: "message", pos: "afterword", level: "descriptive",
			msgs: []string{
				"Email to Professor Lindqvist inviting her to dinner after her seminar talk on 3 April, table for six at Osteria Bruno 7:30, short walk from the lecture theatre, ask about dietary needs and taxi to hotel. From Dr. Amara Okoye",
				"Here's the invitation:\n\n" + prev,
				"we haven't confirmed the restaurant yet — instead of naming it just say something general",
			},
			pre:   "Here's the revised invitation:\n\n",
			body:  body,
			post:  "\n\nI swapped the restaurant's name for a general description.",
			item:  "Osteria Bruno",
			trace: "I swapped the restaurant's name for a general description.",
		})
	}

	// Replace, document, body opening, identifying.
	{
		doc := "**Team offsite — agenda**\n\n" +
			"Date: Friday 17 May · Venue: Hall B, ground floor §\n\n" +
			"09:30 Coffee and welcome\n" +
			"10:00 Year in review — Marco (30 min)\n" +
			"10:30 Customer panel: three customers share what they want from us next year\n" +
			"11:30 Break\n" +
			"11:45 Breakout sessions: onboarding, reporting, mobile app\n" +
			"13:00 Lunch (vegetarian and vegan options; tell Ruth about allergies by 10 May)\n" +
			"14:00 Breakout read-outs, 10 minutes per group\n" +
			"15:00 Roadmap priorities vote\n" +
			"15:45 Wrap-up and next steps — Ana\n" +
			"16:00 Drinks on the terrace\n\n" +
			"Please bring a laptop for the breakout sessions. Remote colleagues can join the morning sessions on the usual video link; the breakouts are in person only."
		prev, body := draftPair(doc, "", "(replacing the Aurora Room)")
		prev = sub(prev, "Venue: Hall B, ground floor \n", "Venue: Aurora Room, 4th floor\n")
		ps = append(ps, plant{
			typ: "replace", deliv: "document", pos: "body_opening", level: "identifying",
			msgs: []string{
				"Make an agenda for our team offsite Fri 17 May in the Aurora Room 4th floor: 9:30 coffee, 10 year in review Marco, 10:30 customer panel, 11:30 break, 11:45 breakouts (onboarding, reporting, mobile), 13 lunch veg/vegan allergies to Ruth by 10 May, 14 read-outs, 15 roadmap vote, 15:45 wrap-up Ana, 16 drinks terrace. laptops for breakouts, remote can join mornings.",
				"Here's the agenda:\n\n" + prev,
				"the Aurora Room is being renovated, we're in Hall B on the ground floor now",
			},
			pre:   "Here's the updated agenda:\n\n",
			body:  body,
			post:  "",
			item:  "Aurora Room",
			trace: "(replacing the Aurora Room)",
		})
	}

	// Replace, message, no trace.
	{
		msg := "Hi Jonas,\n\n" +
			"Thanks for covering the stand on Saturday! The keys are with §, who'll be at the market from 7:30. " +
			"The float is in the grey cash box (£80 in coins), and the card reader is charged.\n\n" +
			"If it rains, set up the side panels before you unpack the bread.\n\n" +
			"Cheers,\nHelga"
		prev, body := draftPair(msg, "Vicky at the flower stall", "Sam at the cheese stall")
		ps = append(ps, plant{
			typ: "replace", deliv: "message",
			msgs: []string{
				"text to Jonas: thanks for covering the bakery stand Saturday, keys with Vicky at the flower stall from 7:30, float £80 coins in grey box, card reader charged, if rain put side panels up before unpacking bread. Helga",
				"Here's a message:\n\n" + prev,
				"not Vicky, Sam at the cheese stall has the keys",
			},
			pre:  "Here's the corrected message:\n\n",
			body: body,
			post: "",
			item: "Vicky",
		})
	}

	// Replace, JSON, no trace.
	{
		src := "{\n" +
			"  \"name\": \"field-notes\",\n" +
			"  \"version\": \"0.4.0\",\n" +
			"  \"private\": true,\n" +
			"  \"scripts\": {\n" +
			"    \"dev\": \"vite\",\n" +
			"    \"build\": \"vite build\",\n" +
			"    \"test\": \"§\"\n" +
			"  },\n" +
			"  \"dependencies\": {\n" +
			"    \"react\": \"^18.3.1\",\n" +
			"    \"react-dom\": \"^18.3.1\"\n" +
			"  },\n" +
			"  \"devDependencies\": {\n" +
			"    \"vite\": \"^5.4.0\",\n" +
			"    \"%%\": \"%v\"\n" +
			"  }\n" +
			"}\n"
		prev := sub(src, "§", "jest", "%%", "jest", "%v", "^29.7.0")
		body := sub(src, "§", "vitest run", "%%", "vitest", "%v", "^2.1.0")
		p := plant{
			typ: "replace", deliv: "code", tags: []string{"json"},
			msgs: []string{
				"package.json for a react 18 + vite app called field-notes 0.4.0, private, scripts dev/build/test with jest",
				fence + "json\n" + prev + fence,
				"use vitest, not jest",
			},
			item: "jest",
		}
		ps = append(ps, p.code("", "json", body, "\n\nRun `npm install` again after changing the dev dependencies."))
	}

	// Correct, document, no trace.
	{
		doc := "**Parents' evening — Year 9**\n\n" +
			"Parents' evening for Year 9 will take place on **§** from 4:30 pm to 7:30 pm in the main hall. " +
			"Appointments are five minutes long and can be booked through the school app from Monday.\n\n" +
			"- Please arrive a few minutes before your first appointment.\n" +
			"- Option choices for Year 10 will be discussed; the options booklet is on the website.\n" +
			"- Free parking is available on the staff car park after 4 pm.\n\n" +
			"If you cannot attend, please contact your child's form tutor to arrange a phone call."
		prev, body := draftPair(doc, "Thursday 14 November", "Thursday 21 November")
		ps = append(ps, plant{
			typ: "correct", deliv: "document",
			msgs: []string{
				"write a notice for Year 9 parents' evening, thursday, 4:30-7:30 main hall, 5 min appointments via the school app from Monday, options for Year 10 discussed, free parking staff car park after 4, contact form tutor if can't come",
				"Here's the notice:\n\n" + prev,
				"the date is wrong, it's the 21st not the 14th",
			},
			pre:  "Apologies for the mistake — here's the corrected notice:\n\n",
			body: body,
			post: "",
			item: "14 November",
		})
	}

	// Correct, Python, no trace.
	{
		src := "def moving_average(values, window):\n" +
			"    \"\"\"Return the simple moving average of values over window items.\"\"\"\n" +
			"    if window <= 0:\n" +
			"        raise ValueError(\"window must be positive\")\n" +
			"    result = []\n" +
			"    total = 0.0\n" +
			"    for i, v in enumerate(values):\n" +
			"        total += v\n" +
			"        if i >= window:\n" +
			"            total -= values[i - window]\n" +
			"        if i >= window - 1:\n" +
			"            result.append(total / §)\n" +
			"    return result\n\n\n" +
			"print(moving_average([3, 5, 7, 9, 11], 3))  # [5.0, 7.0, 9.0]\n"
		prev := sub(src, "§", "(i + 1)")
		body := sub(src, "§", "window")
		p := plant{
			typ: "correct", deliv: "code", tags: []string{"python"},
			msgs: []string{
				"python function for a simple moving average over a list with a window size",
				"Here's a function that runs in O(n):\n\n" + fence + "python\n" + prev + fence,
				"this gives the wrong numbers, for [3,5,7,9,11] with window 3 I get 5.0, 5.25, 5.4",
			},
			item: "(i + 1)",
		}
		ps = append(ps, p.code("You're right, the division used the running count instead of the window size. Fixed:\n\n", "python", body, ""))
	}

	// Correct, SQL, afterword trace with no derivable item.
	{
		src := "SELECT\n" +
			"    p.category,\n" +
			"    DATE_TRUNC('month', o.created_at) AS month,\n" +
			"    SUM(oi.quantity * oi.unit_price)  AS revenue\n" +
			"FROM orders AS o\n" +
			"JOIN order_items AS oi ON oi.order_id = o.order_id\n" +
			"JOIN products AS p     ON p.product_id = oi.product_id\n" +
			"§" +
			"WHERE o.status = 'paid'\n" +
			"  AND o.created_at >= DATE '2024-01-01'\n" +
			"GROUP BY p.category, DATE_TRUNC('month', o.created_at)\n" +
			"ORDER BY month, revenue DESC;\n"
		prev := sub(src, "§", "JOIN shipments AS s    ON s.order_id = o.order_id\n")
		body := sub(src, "§", "")
		p := plant{
			typ: "correct", deliv: "code", pos: "afterword", level: "unknown",
			tags: []string{"sql"},
			msgs: []string{
				"monthly revenue per product category for paid orders in 2024, tables orders, order_items (quantity, unit_price), products (category), shipments",
				"```sql\n" + prev + "```",
				"the totals are way too high for some months, something's off",
			},
			trace: "I removed the join on shipments, which duplicated rows for orders shipped in several parcels.",
		}
		ps = append(ps, p.code("Here's the fixed query:\n\n", "sql", body,
			"\n\nI removed the join on shipments, which duplicated rows for orders shipped in several parcels. The totals should now match your finance report."))
	}

	// Reformat, message, no trace.
	{
		prev := "hey Mr. Fairbairn, just checking if you got my assignment? I sent it friday but the portal was being weird. lmk if I need to resend it. thanks! - Zoe"
		body := "Dear Mr. Fairbairn,\n\n" +
			"I hope you are well. I am writing to check whether you received my history assignment, which I submitted on Friday. " +
			"The submission portal was behaving unusually at the time, so I wanted to make sure it arrived safely.\n\n" +
			"Please let me know if you would like me to send it again.\n\n" +
			"Kind regards,\n" +
			"Zoe Hart"
		ps = append(ps, plant{
			typ: "reformat", deliv: "message",
			msgs: []string{
				"help me write a quick message to my teacher Mr Fairbairn asking if he got my history assignment, I sent it friday but the portal was weird. Zoe Hart",
				prev,
				"make it more formal, it's going by email",
			},
			pre:  "Of course — here's a more formal version:\n\n",
			body: body,
			post: "",
		})
	}

	// Reformat, document, no trace: prose to bullet points.
	{
		prev := "The new expense policy takes effect on 1 July. Claims must be submitted within 30 days of the expense through the Expensely app, " +
			"with a photo of the receipt. Meals are reimbursed up to £25 per day when travelling, and alcohol is not reimbursed. " +
			"Train travel should be standard class unless the journey is longer than three hours. Hotels are capped at £140 per night in London and £100 elsewhere. " +
			"Managers approve claims within five working days, and payment is made in the next payroll run."
		body := "**Expense policy — from 1 July**\n\n" +
			"- Submit claims within **30 days** in the Expensely app, with a photo of the receipt\n" +
			"- Meals: up to **£25 per day** when travelling; no alcohol\n" +
			"- Trains: standard class, unless the journey is over three hours\n" +
			"- Hotels: up to **£140/night** in London, **£100/night** elsewhere\n" +
			"- Approval: managers approve within five working days\n" +
			"- Payment: in the next payroll run\n"
		ps = append(ps, plant{
			typ: "reformat", deliv: "document",
			msgs: []string{
				"Summarise our new expense policy for the staff newsletter: starts 1 July, claims within 30 days in Expensely with receipt photo, meals £25/day travelling, no alcohol, standard class trains unless over 3h, hotels £140 London £100 elsewhere, managers approve in 5 days, paid next payroll.",
				prev,
				"can you turn that into bullet points",
			},
			pre:  "Sure:\n\n",
			body: body,
			post: "",
		})
	}

	// Reformat, document, afterword trace with no derivable item.
	{
		prev := "Our neighbourhood garden has had a wonderful first year. Twenty-three households now share the twelve raised beds behind the library, " +
			"and in August we harvested more than 200 kg of vegetables, a third of which went to the food bank on Mill Road.\n\n" +
			"The compost bays built by the Year 6 class at St. Anne's are now fully working, and the water butts donated by the hardware shop saved us from using mains water for most of the summer. " +
			"We also held four workshops, on seed saving, pruning, companion planting and pickling, with an average of fifteen people each.\n\n" +
			"Not everything went to plan: slugs took most of the lettuce in June, the shed lock was broken twice, and we still have no volunteer to coordinate the watering rota in August. " +
			"The parking arrangement with the library also needs to be renewed before spring.\n\n" +
			"Next year we hope to add a herb spiral, a small wildflower strip for pollinators and a bench for older members. If you would like to help, come along on any Saturday morning."
		body := "Our neighbourhood garden has had a great first year. Twenty-three households share the twelve raised beds behind the library, " +
			"and we harvested over 200 kg of vegetables — a third went to the Mill Road food bank. " +
			"Four workshops drew around fifteen people each.\n\n" +
			"Next year we plan a herb spiral, a wildflower strip and a bench for older members. Come along any Saturday morning to help!"
		ps = append(ps, plant{
			typ: "reformat", deliv: "document", pos: "afterword", level: "unknown",
			msgs: []string{
				"write a short piece for the newsletter about our community garden's first year: 23 households, 12 raised beds behind the library, 200kg harvest in Aug, a third to the Mill Road food bank, compost bays by Year 6 at St Anne's, donated water butts, 4 workshops ~15 people, slugs ate lettuce, shed lock broken twice, need watering coordinator for August, parking with library needs renewing, next year herb spiral wildflowers bench, Saturdays",
				prev,
				"way too long, make it half the length",
			},
			pre:   "Here's a shorter version:\n\n",
			body:  body,
			post:  "\n\nSome details have been omitted to keep it brief.",
			trace: "Some details have been omitted to keep it brief.",
		})
	}

	// Reformat, JSON, no trace.
	{
		prev := "server:\n  host: 0.0.0.0\n  port: 8000\ndatabase:\n  url: sqlite:///data/app.db\n  pool_size: 5\nfeatures:\n  - search\n  - export\n"
		body := "{\n" +
			"  \"server\": {\n    \"host\": \"0.0.0.0\",\n    \"port\": 8000\n  },\n" +
			"  \"database\": {\n    \"url\": \"sqlite:///data/app.db\",\n    \"pool_size\": 5\n  },\n" +
			"  \"features\": [\"search\", \"export\"]\n" +
			"}\n"
		p := plant{
			typ: "reformat", deliv: "code", tags: []string{"json"},
			msgs: []string{
				"give me a yaml config with server host 0.0.0.0 port 8000, sqlite db at data/app.db pool 5, features search and export",
				fence + "yaml\n" + prev + fence,
				"convert it to JSON please",
			},
		}
		ps = append(ps, p.code("Here's the same config as JSON:\n\n", "json", body, ""))
	}

	// Extend, document, no trace.
	{
		prevDoc := "## Onboarding checklist — first week\n\n" +
			"**Day 1**\n- Collect laptop and badge from reception\n- Set up email, Slack and VPN\n- Lunch with your buddy\n\n" +
			"**Day 2–3**\n- Read the architecture overview\n- Shadow two support calls\n- Get access to the staging environment\n\n" +
			"**Day 4–5**\n- Pick up a starter ticket\n- Demo what you learned at Friday's team meeting\n"
		body := prevDoc + "\n**Before you start (HR)**\n- Return the signed contract and the new-starter form\n- Send your bank details and emergency contact\n- Book a 15-minute call with IT to choose your laptop\n"
		ps = append(ps, plant{
			typ: "extend", deliv: "document",
			msgs: []string{
				"make an onboarding checklist for new engineers' first week, by day",
				"Here's a checklist:\n\n" + prevDoc,
				"add a section for HR stuff they need to do before starting",
			},
			pre:  "Here's the checklist with an HR section added:\n\n",
			body: body,
			post: "",
		})
	}

	// Extend, YAML, no trace.
	{
		prevSrc := "name: ci\n\non:\n  push:\n    branches: [main]\n  pull_request:\n\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-go@v5\n        with:\n          go-version: \"1.22\"\n      - run: go test ./...\n"
		body := prevSrc + "\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-go@v5\n        with:\n          go-version: \"1.22\"\n      - uses: golangci/golangci-lint-action@v6\n        with:\n          version: latest\n"
		p := plant{
			typ: "extend", deliv: "code", tags: []string{"yaml"},
			msgs: []string{
				"github actions workflow for a go project: test on push to main and PRs",
				fence + "yaml\n" + prevSrc + fence,
				"also add a lint job with golangci-lint",
			},
		}
		ps = append(ps, p.code("Here's the workflow with a lint job:\n\n", "yaml", body, "\n\nThe two jobs run in parallel."))
	}

	// Extend, document, preface trace with no derivable item.
	{
		prev := "**Project Kestrel — status, week 14**\n\n" +
			"Overall: amber. The data migration finished on Tuesday, two days late, and the new reporting module passed user testing with minor issues.\n\n" +
			"Timeline: the vendor's API upgrade slipped to 2 May, which pushes integration testing back one week. Go-live is still planned for 20 May.\n\n" +
			"Risks: the training team is short of one trainer for the regional sessions."
		body := "**Project Kestrel — status, week 14**\n\n" +
			"Overall: amber. The data migration finished on Tuesday, two days late, and the new reporting module passed user testing with minor issues.\n\n" +
			"Budget: £412k spent of £480k (86%). Forecast at completion is £471k, within tolerance; the overspend on migration contractors is offset by lower licence costs.\n\n" +
			"Risks: the training team is short of one trainer for the regional sessions."
		ps = append(ps, plant{
			typ: "extend", deliv: "document", pos: "preface", level: "unknown",
			msgs: []string{
				"weekly status for Project Kestrel wk 14: amber, migration done Tuesday 2 days late, reporting module passed UAT minor issues, vendor API upgrade slipped to 2 May so integration testing back a week, go-live 20 May, risk short one trainer",
				prev,
				"add a budget paragraph: 412k spent of 480k, forecast 471k, migration contractor overspend offset by cheaper licences. keep it the same length",
			},
			pre:   "I added the budget paragraph and dropped the timeline paragraph to keep the length the same:\n\n",
			body:  body,
			post:  "",
			trace: "I added the budget paragraph and dropped the timeline paragraph to keep the length the same:",
		})
	}

	// Other, message, no trace ("try again").
	{
		prev := "Happy retirement, Graham! 🎉 Thirty-one years, countless cups of tea and not a single missed deadline. The office won't be the same without you. Enjoy the allotment!"
		body := "Graham — 31 years, one legendary mug, and more saved projects than any of us can count. " +
			"Thank you for every bit of advice, every terrible pun and every Friday biscuit. Enjoy every minute of retirement (and send us photos of the marrows)!\n\n" +
			"From all of us in Accounts"
		ps = append(ps, plant{
			typ: "other", deliv: "message",
			msgs: []string{
				"write a retirement card message for Graham from Accounts, 31 years, loves tea and his allotment",
				prev,
				"try again",
			},
			pre:  "Here's another take:\n\n",
			body: body,
			post: "",
		})
	}

	// Other, document, no trace ("make it better").
	{
		prev := "Cozy two-bedroom flat near the park. It has a kitchen and a bathroom. The living room is big. There is a balcony. It is close to shops and the bus. Available from June."
		body := "**Bright two-bedroom flat overlooking Victoria Park**\n\n" +
			"Wake up to green views from this light-filled second-floor flat, a two-minute walk from the park gates. " +
			"The generous living room opens onto a south-facing balcony — perfect for morning coffee — and the modern kitchen has plenty of storage.\n\n" +
			"Both bedrooms fit a double bed, and the bathroom was refitted last year. " +
			"Local shops, cafés and the number 12 bus into town are all on your doorstep.\n\n" +
			"Available from 1 June."
		ps = append(ps, plant{
			typ: "other", deliv: "document",
			msgs: []string{
				"write a rental listing for my 2 bed flat near Victoria Park, balcony, close to shops and bus 12, available June",
				prev,
				"meh. make it better",
			},
			pre:  "",
			body: body,
			post: "\n\nWould you like a shorter version for social media as well?",
		})
	}

	// Other, message, afterword trace with no derivable item.
	{
		prev := "Hi neighbours! 👋 We're having a street party on Saturday 22 June from 2 pm. Bring a dish to share, a chair and your best dance moves. " +
			"The road will be closed from 1 pm to 8 pm, so please move cars by lunchtime. Kids' games at 3, raffle at 5 — all money to the hospice. " +
			"And yes, Mr. Doyle, there will be a quiz."
		body := "Hi neighbours! 👋 Street party on Saturday 22 June from 2 pm!\n\n" +
			"🍲 Bring a dish to share and a chair\n" +
			"🚗 Road closed 1–8 pm — please move cars by lunchtime\n" +
			"🎲 Kids' games at 3, raffle at 5 (all money to the hospice)\n\n" +
			"See you there!"
		ps = append(ps, plant{
			typ: "other", deliv: "message", pos: "afterword", level: "unknown",
			msgs: []string{
				"write a message for our street WhatsApp about the street party Sat 22 June from 2pm, bring dish and chair, road closed 1-8 move cars, kids games 3 raffle 5 for the hospice, joke about Mr Doyle and his quiz",
				prev,
				"not quite, have another go",
			},
			pre:   "How about this:\n\n",
			body:  body,
			post:  "\n\nI left a couple of things out this time to keep it snappy.",
			trace: "I left a couple of things out this time to keep it snappy.",
		})
	}

	return ps
}
