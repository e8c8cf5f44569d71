package fixturegen

import "strings"

// withdrawPlants are the planted withdraw revisions: traces at every
// position, in every deliverable type and at every level, and clean
// revisions without a trace.
func withdrawPlants() []plant {
	var ps []plant

	// Message, preface, descriptive.
	{
		email := "Subject: Leaking kitchen tap at Flat 3\n\n" +
			"Dear Mr. Castellano,\n\n" +
			"I hope you're well. I'm writing to let you know that the kitchen tap in Flat 3 has been leaking since Monday. " +
			"It drips constantly, even when fully closed, and there is now a small water stain forming on the cabinet underneath.\n\n" +
			"Could you let me know when a plumber might be able to come and take a look? I'm usually home after 5 pm on weekdays, " +
			"and I can also arrange to be in on Saturday morning if that is easier.§\n\n" +
			"Thank you for your help.\n\n" +
			"Best regards,\n" +
			"Dana Whitfield\n" +
			"Flat 3, 27 Orchard Lane"
		prev, body := draftPair(email, " If it's quicker, you can reach me on (415) 555-0142.", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "preface", level: "descriptive",
			msgs: []string{
				"Write a short email to my landlord, Mr. Castellano, saying the kitchen tap has been leaking since Monday and asking when a plumber can come. Put my phone number (415) 555-0142 in it so he can call me. I'm Dana, Flat 3.",
				"Here's a draft you can send:\n\n" + prev + "\n\nFeel free to adjust the times to suit your schedule.",
				"actually take the phone number out, I don't want him calling me",
			},
			pre:   "Sure — I removed the phone number. Here's the email:\n\n",
			body:  body,
			post:  "\n\nLet me know if you'd like me to remove anything else.",
			item:  "(415) 555-0142",
			trace: "Sure — I removed the phone number.",
		})
	}

	// Message, body opening, process only.
	{
		msg := "Hi all,\n\n" +
			"§Here's where things stand for the launch week:\n\n" +
			"- Monday: final QA pass on the checkout flow (Tomás and Wen)\n" +
			"- Tuesday: marketing emails scheduled for 9:00 am\n" +
			"- Wednesday: press embargo lifts at noon\n" +
			"%%\n" +
			"- Friday: retro at 3 pm in the big meeting room\n\n" +
			"If anything on your side is slipping, please flag it in #launch by Monday morning so we can re-plan early. " +
			"Thanks everyone for the push over the last few weeks — it really shows in the product, and the beta feedback has been the best we've had. " +
			"Let's keep the channel quiet for anything that isn't launch-related until Friday.\n\n" +
			"Jo"
		prev := sub(msg, "§", "", "%%", "- Thursday: Priya is out on parental leave, so Ahmed covers support")
		body := sub(msg, "§", "Quick edit: I’ve taken one item out of the list below.\n\n", "%%", "- Thursday: support rota as usual")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "body_opening", level: "process_only",
			tags: []string{"curly"},
			msgs: []string{
				"Can you write a Slack message to my team with the plan for launch week? Mon QA on checkout (Tomás and Wen), Tue marketing emails 9am, Wed embargo lifts at noon, Thu Priya is out on parental leave so Ahmed covers support, Fri retro 3pm. Sign it Jo.",
				"Here's a message you can post:\n\n" + prev,
				"remove the bit about Priya being on leave, she hasn't told everyone yet",
			},
			pre:   "Here's the revised message:\n\n",
			body:  body,
			post:  "",
			item:  "Priya",
			trace: "Quick edit: I’ve taken one item out of the list below.",
		})
	}

	// Message, body middle, identifying, bracketed residue.
	{
		letter := "Dear Claims Team,\n\n" +
			"I am writing regarding policy number HB-20931-7, held in my name at 9 Wexford Road. " +
			"On the night of 2 March, a storm brought down part of the garden wall, which fell onto the side of the garage " +
			"and damaged the roof panels and the door frame.\n\n" +
			"I have attached photographs taken the following morning, together with two quotes for the repair work: " +
			"one from Hadley Builders for £2,340 and one from Corrie & Sons for £2,610. Both contractors can start within two weeks.\n\n" +
			"§\n\n" +
			"I would be grateful if you could confirm whether the damage is covered under the buildings section of my policy, " +
			"and let me know whether you need an assessor to visit before I instruct a contractor. " +
			"I am available most weekday afternoons and can provide any further documents you need.\n\n" +
			"Thank you for your help with this claim. I look forward to hearing from you.\n\n" +
			"Yours faithfully,\n" +
			"Martin Oyelaran"
		prev, body := draftPair(letter,
			"Please note that my neighbour, Mr. Brennan, has said the wall was already leaning last autumn and that he reported it to the council at the time.",
			"[Reference to Mr. Brennan's report removed.]")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "body_middle", level: "identifying",
			tags: []string{"bracket"},
			msgs: []string{
				"I need a letter to my home insurer about storm damage. Policy HB-20931-7, address 9 Wexford Road. Garden wall fell on the garage on 2 March, roof panels and door frame damaged. Two quotes: Hadley Builders £2,340, Corrie & Sons £2,610. Also mention my neighbour Mr. Brennan said the wall was leaning last autumn and he reported it to the council. Name: Martin Oyelaran.",
				"Certainly. Here is a formal letter you can send:\n\n" + prev + "\n\nYou may want to attach the photos and the quotes as PDFs.",
				"On second thought, don't include the thing about Mr. Brennan. It might make them think the wall was already damaged.",
			},
			pre:   "Good point — here's the revised letter:\n\n",
			body:  body,
			post:  "\n\nWould you like me to make it shorter?",
			item:  "Brennan",
			trace: "[Reference to Mr. Brennan's report removed.]",
		})
	}

	// Message, body closing, identifying: a full email with P.S.
	{
		email := "Subject: Saturday plans + a favour\n\n" +
			"Hi Carla,\n\n" +
			"Hope the move went smoothly! I've been meaning to write since the weekend. " +
			"We're still on for Saturday — I've booked the 12:30 table at Nonna's on Bridge Street, and Lena and Sami are coming too. " +
			"If you want to come over to ours first, we'll be around from 11.\n\n" +
			"§" +
			"The favour: could you bring the folding chairs back when you come? We need them for the garden party on the 21st. " +
			"No rush if you can't carry them on the bus — we can pick them up later in the month.\n\n" +
			"Can't wait to hear everything about the new place.\n\n" +
			"Love,\n" +
			"Mia\n\n" +
			"Mia Rasmussen\n" +
			"+45 20 11 48 93"
		prev, body := draftPair(email,
			"Also, did you hear about Bob? He's been signed off work for a month after his surgery, so he won't make it on Saturday. I'll fill you in properly when we see you.\n\n",
			"")
		body += "\n\nP.S. I left out the details about Bob as you asked."
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "body_closing", level: "identifying",
			tags: []string{"email"},
			msgs: []string{
				"write an email to my friend Carla: Saturday lunch is at 12:30 at Nonna's on Bridge St, Lena and Sami are coming, she can come to ours from 11. ask her to bring back the folding chairs for the garden party on the 21st. also tell her about Bob being off work for a month after surgery. sign as Mia Rasmussen with my number +45 20 11 48 93",
				"Sure! Here's your email:\n\n" + prev,
				"leave Bob out of it please, he wants to keep it quiet",
			},
			pre:   "No problem! Here's the updated email:\n\n",
			body:  body,
			post:  "",
			item:  "Bob",
			trace: "P.S. I left out the details about Bob as you asked.",
		})
	}

	// Message, afterword, identifying.
	{
		msg := "Hey love, here's my Thursday so you can plan dinner:\n\n" +
			"- 8:00 – drop the kids at school\n" +
			"- 9:30 – team stand-up (remote)\n" +
			"§" +
			"- 1:00 – lunch with Ines from the Lisbon office\n" +
			"- 3:30 – pick up the dry cleaning on the way back\n" +
			"- 5:45 – swimming lessons, I'll take both of them\n\n" +
			"So I should be home by 7 at the latest. Want to do tacos? I can grab everything on the way back from the pool. xx"
		prev, body := draftPair(msg, "- 11:00 – appointment with Dr. Patel (dermatology)\n", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "afterword", level: "identifying",
			msgs: []string{
				"turn this into a text to my husband: drop kids 8, standup 9:30, 11 dr patel dermatology, lunch w Ines (Lisbon office) at 1, dry cleaning 3:30, swimming 5:45 I take both, home by 7, tacos?",
				"Here's a text you can send:\n\n" + prev,
				"remove the 11am appointment",
			},
			pre:   "Here you go:\n\n",
			body:  body,
			post:  "\n\nNote: I removed the 11 AM meeting with Dr. Patel as requested.",
			item:  "Dr. Patel",
			trace: "Note: I removed the 11 AM meeting with Dr. Patel as requested.",
		})
	}

	// Message, afterword, identifying, CRLF line endings.
	{
		msg := "Hi everyone! 🎉\n\n" +
			"Quick reminder that Grandma Rosa turns 80 on Sunday 14 July. We're doing a surprise lunch at the community hall on Elm Street from 1 pm.\n\n" +
			"Jonah is sorting the cake, Aunt Bea is bringing the photo albums, and we still need two people to help set up at 11.§\n\n" +
			"Please reply here by Wednesday so we know numbers for the caterer. And remember — not a word to Grandma!\n\n" +
			"Sofia"
		prev, body := draftPair(msg, " Also, big news: Marisol got the job in Toronto, so this might be the last family lunch with her for a while!", "")
		prev, body = crlf(prev), crlf(body)
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "afterword", level: "identifying",
			tags: []string{"crlf"},
			msgs: []string{
				"Write a WhatsApp message for the family group: Grandma Rosa's 80th surprise lunch, Sunday 14 July, community hall on Elm Street at 1pm. Jonah does cake, Aunt Bea photo albums, need 2 helpers at 11. Reply by Wednesday for the caterer. Mention Marisol got the job in Toronto. From Sofia.",
				crlf("Here's a message for the group:\n\n" + prev + "\n\nYou could pin it so people don't miss it."),
				"Take out the part about Marisol's job, she wants to announce it herself",
			},
			pre:   crlf("Of course! Here's the updated message:\n\n"),
			body:  body,
			post:  crlf("\n\nI've taken out the part about Marisol's new job in Toronto, as you asked."),
			item:  "Marisol",
			trace: "I've taken out the part about Marisol's new job in Toronto, as you asked.",
		})
	}

	// Message, preface, not assigned: the item stays in the body.
	{
		post := "Huge thanks to everyone who made Saturday's river clean-up happen! 🌊\n\n" +
			"42 volunteers, 310 kg of rubbish, and one very confused heron. Special thanks to Greenway Hardware for the gloves and bags, " +
			"to the Scouts for the barbecue, and to the council team who collected everything on Sunday.\n\n" +
			"§" +
			"Next clean-up: 12 October, same place, same time. Bring boots!\n\n" +
			"📸 Photos by Kevin Lo"
		prev, body := draftPair(post, "And a personal thank-you to Kevin, who organised the whole thing while working night shifts.\n\n", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "preface", level: "not_assigned",
			msgs: []string{
				"Write a Facebook post for our community group thanking people for the river clean-up on Saturday. 42 volunteers, 310kg rubbish, a heron. Thanks to Greenway Hardware (gloves, bags), Scouts (bbq), council (collection Sunday). Thank Kevin who organised it while working nights. Next one 12 Oct. Photos by Kevin Lo.",
				"Here's a post you could use:\n\n" + prev,
				"don't mention Kevin, he hates attention",
			},
			pre:   "Got it, I left Kevin out of the thank-you section. Here's the post:\n\n",
			body:  body,
			post:  "",
			item:  "Kevin",
			trace: "Got it, I left Kevin out of the thank-you section.",
		})
	}

	// Message, no trace.
	{
		email := "Hi Tom,\n\n" +
			"Thanks for sending over the revised proposal. I've gone through it with the team and we're happy with the scope for phase one.\n\n" +
			"A couple of points before we sign:\n\n" +
			"1. Could the first milestone move to 15 May? Our internal review board only meets at the start of the month.\n" +
			"2. We'd like weekly status calls rather than fortnightly ones during the first six weeks.§\n\n" +
			"If those work for you, I can get the contract signed by Friday.\n\n" +
			"Best,\n" +
			"Anika"
		prev, body := draftPair(email, "\n3. Our budget ceiling for phase one is €48,000, so please keep any change requests within that.", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message",
			msgs: []string{
				"reply to Tom about his revised proposal: we're fine with phase one scope, but ask to move milestone 1 to 15 May (review board meets start of month), weekly status calls for first 6 weeks, and say our budget ceiling is €48,000. can sign by friday if ok. I'm Anika",
				"Here's a reply you can send:\n\n" + prev,
				"remove the budget ceiling, we don't want to show our hand",
			},
			pre:  "Here's the updated version:\n\n",
			body: body,
			post: "",
			item: "€48,000",
		})
	}

	// Message, no trace, a request without any cue word.
	{
		msg := "Hi Sandra,\n\n" +
			"Just a heads-up that I'll be out of the office on Thursday afternoon§. " +
			"I've moved the vendor call to Friday at 10 and shared the updated deck in the team folder.\n\n" +
			"If anything urgent comes up, Felix knows where everything is.\n\n" +
			"Thanks,\nRob"
		prev, body := draftPair(msg, " for a dentist appointment (the root canal, finally)", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", tags: []string{"nocue"},
			msgs: []string{
				"write a note to my manager Sandra that I'm out Thursday afternoon for a dentist appointment (root canal), vendor call moved to Friday 10, deck is in the team folder, Felix can cover. from Rob",
				"Here's a short note:\n\n" + prev,
				"hmm I'd rather my boss not know about the dentist thing",
			},
			pre:  "Understood. Here it is:\n\n",
			body: body,
			post: "",
			item: "dentist",
		})
	}

	// Message, no trace, the revision in the third user turn.
	{
		draft1 := "Hello Mr. Adeyemi,\n\n" +
			"Thank you for meeting with me yesterday about the summer internship programme. I really enjoyed hearing about the data team's work on the flood-risk maps.\n\n" +
			"As we discussed, I'm available from 17 June to 30 August§. I've attached my CV and the transcript you asked for.\n\n" +
			"Kind regards,\n" +
			"Yusuf Demir"
		prev, body := draftPair(draft1, ", apart from the week of 8 July when I have my cousin's wedding in Izmir", "")
		first, _ := draftPair(draft1, ", apart from the week of 8 July when I have my cousin's wedding in Izmir", "")
		first = strings.Replace(first, "Hello Mr. Adeyemi,", "Dear Mr. Adeyemi,", 1)
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", tags: []string{"turn3"},
			msgs: []string{
				"Draft a thank-you email to Mr. Adeyemi after my internship meeting yesterday. I liked hearing about the data team's flood-risk maps. I'm available 17 June to 30 August except the week of 8 July (cousin's wedding in Izmir). CV and transcript attached. Yusuf Demir.",
				"Here's a draft:\n\n" + first,
				"can you start with Hello instead of Dear",
				"Sure:\n\n" + prev,
				"also get rid of the wedding part",
			},
			pre:  "Here's the revised email:\n\n",
			body: body,
			post: "\n\nGood luck with the internship!",
			item: "Izmir",
		})
	}

	// Document, preface, identifying.
	{
		doc := "**Tenancy summary — Unit 4B**\n\n" +
			"- **Tenant:** Grace Liu\n" +
			"§" +
			"- **Term:** 12 months from 1 September, with a break clause after 6 months\n" +
			"- **Rent:** £1,150 per month, due on the 1st\n" +
			"- **Deposit:** £1,325, held in the DPS scheme\n" +
			"- **Bills:** tenant pays electricity, gas, internet and council tax; water is included\n" +
			"- **Pets:** one cat allowed, with a £150 additional deposit\n" +
			"- **Notice:** two months in writing from either party after the break clause\n\n" +
			"The landlord is responsible for boiler servicing and external repairs; the tenant must report any damp or leaks within 48 hours."
		prev, body := draftPair(doc, "- **Previous address:** 14 Hartley Street, Leeds\n", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "document", pos: "preface", level: "identifying",
			msgs: []string{
				"Summarise these tenancy terms into a short bullet summary: tenant Grace Liu, previous address 14 Hartley Street Leeds, 12 months from 1 Sept, 6-month break clause, rent £1,150 due 1st, deposit £1,325 DPS, tenant pays electricity gas internet council tax, water included, one cat with £150 extra deposit, 2 months notice after break clause. Landlord does boiler and external repairs, tenant reports damp/leaks within 48h.",
				"Here's a concise summary:\n\n" + prev,
				"remove her old address from it",
			},
			pre:   "I left out 14 Hartley Street as requested. Here's the revised summary:\n\n",
			body:  body,
			post:  "",
			item:  "14 Hartley Street",
			trace: "I left out 14 Hartley Street as requested.",
		})
	}

	// Document, body opening, descriptive.
	{
		doc := "# Incident Summary — Warehouse B, 11 March\n\n" +
			"§" +
			"## What happened\n\n" +
			"At approximately 14:20 a picker (employee ID 4471) felt faint while working in aisle 12 and sat down on the floor. " +
			"A colleague called the shift supervisor, who arrived within two minutes and contacted the on-site first aider.\n\n" +
			"## Response\n\n" +
			"The first aider assessed the employee, who recovered after resting and drinking water. " +
			"The employee was taken home by a family member at 15:05 and returned to work two days later.\n\n" +
			"## Contributing factors\n\n" +
			"- Aisle 12 was 29 °C at the time; the extraction fan had been reported faulty on 8 March.\n" +
			"- The picker had been working for 3 hours without a break because of a scheduling error.\n\n" +
			"## Actions\n\n" +
			"1. Repair the extraction fan in aisle 12 (Facilities, by 18 March).\n" +
			"2. Review break scheduling for afternoon shifts (Operations, by 25 March).\n" +
			"3. Remind all supervisors of the heat-stress procedure at the next briefing.\n\n" +
			"## Status\n\n" +
			"Open until actions 1 and 2 are confirmed complete. The fan repair has been ordered and the break rota is under review with the union representative.\n"
		prev, body := draftPair(doc,
			"The employee has type 1 diabetes and had skipped lunch; their blood sugar was low when the first aider arrived.\n\n",
			"_Note: the employee's medical details have been removed from this version._\n\n")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "document", pos: "body_opening", level: "descriptive",
			msgs: []string{
				"Write an incident summary with headings from my notes: Warehouse B 11 March 14:20, picker ID 4471 felt faint in aisle 12, sat down, supervisor + first aider, they have type 1 diabetes and skipped lunch so low blood sugar, recovered with rest and water, went home 15:05 with family, back 2 days later. Aisle 12 was 29C, extraction fan reported faulty 8 March, 3 hours without break due to scheduling error. Actions: fix fan by 18 Mar, review breaks by 25 Mar, remind supervisors of heat stress procedure.",
				"Here's the incident summary:\n\n" + prev,
				"This goes to the whole site. Remove anything about their health condition.",
			},
			pre:   "Here's the version for site-wide circulation:\n\n",
			body:  body,
			post:  "",
			item:  "type 1 diabetes",
			trace: "_Note: the employee's medical details have been removed from this version._",
		})
	}

	// Document, body middle, descriptive.
	{
		doc := "## Offer summary: Senior Analyst, Planning Team\n\n" +
			"**Candidate:** Hannah Brooks\n" +
			"**Start date:** 2 September\n" +
			"**Reporting to:** Leo Marchetti, Head of Planning\n" +
			"**Location:** Manchester office, hybrid (3 days on site)\n\n" +
			"### Role\n\n" +
			"Hannah will lead the quarterly demand forecast, own the planning dashboards and mentor the two junior analysts. " +
			"She will also represent Planning in the monthly supply review.\n\n" +
			"### Package\n\n" +
			"§\n\n" +
			"Standard benefits apply: 25 days' holiday plus bank holidays, the group pension scheme (6% employer contribution), private medical cover, and the cycle-to-work scheme.\n\n" +
			"### Next steps\n\n" +
			"1. HR sends the contract by Friday.\n" +
			"2. References are already complete.\n" +
			"3. Leo will arrange an onboarding plan for the first four weeks, including time with the supply team.\n"
		prev, body := draftPair(doc,
			"Base salary of $84,000 per year, reviewed annually in April, with a target bonus of 10%.",
			"Note: the salary was removed as requested.")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "document", pos: "body_middle", level: "descriptive",
			msgs: []string{
				"Make an offer summary for the team wiki: Hannah Brooks, Senior Analyst Planning, starts 2 Sept, reports to Leo Marchetti, Manchester hybrid 3 days. Leads quarterly demand forecast, owns dashboards, mentors 2 juniors, monthly supply review. Salary $84,000 reviewed April, 10% bonus. Benefits 25 days, pension 6%, private medical, cycle to work. Next: contract Friday, refs done, Leo onboarding plan.",
				"Here's the summary:\n\n" + prev,
				"this is going on the wiki so take the salary out",
			},
			pre:   "Here's the wiki version:\n\n",
			body:  body,
			post:  "\n\nLet me know if you'd like me to remove anything else.",
			item:  "$84,000",
			trace: "Note: the salary was removed as requested.",
		})
	}

	ps = append(ps, longReportPlant())

	// Document, body closing, process only.
	{
		doc := "**Vienna — one relaxed day**\n\n" +
			"**Morning**\n" +
			"- 9:00 Breakfast at Café Prückel (try the apple strudel)\n" +
			"- 10:00 St. Stephen's Cathedral; climb the south tower if the queue is short\n" +
			"- 11:30 Walk through the Graben and Kohlmarkt to the Hofburg\n\n" +
			"**Afternoon**\n" +
			"- 12:30 Lunch at the Naschmarkt\n" +
			"- 14:00 Belvedere Palace (Klimt's *The Kiss*)\n" +
			"- 16:00 Tram D back to the Ring, coffee break\n" +
			"§" +
			"\n" +
			"**Evening**\n" +
			"- 18:00 Stroll through the Volksgarten\n" +
			"- 19:30 Dinner at Figlmüller (book ahead)\n" +
			"- 21:00 Drinks at the rooftop bar near the Opera\n\n" +
			"Tip: a 24-hour transport ticket covers all trams and the U-Bahn."
		prev, body := draftPair(doc, "- 17:00 Sachertorte tasting at Café Mozart\n", "")
		body += "\n\n(One stop removed as requested.)"
		ps = append(ps, plant{
			typ: "withdraw", deliv: "document", pos: "body_closing", level: "process_only",
			msgs: []string{
				"Plan a relaxed one-day Vienna itinerary for me, morning/afternoon/evening with times.",
				"Here's a relaxed day in Vienna:\n\n" + prev + "\n\nEnjoy your trip!",
				"skip the Sachertorte thing, I'm allergic to chocolate",
			},
			pre:   "Sure! Updated itinerary:\n\n",
			body:  body,
			post:  "",
			item:  "Café Mozart",
			trace: "(One stop removed as requested.)",
		})
	}

	// Document, afterword, process only.
	{
		cv := "**PRIYA NAIR**\n" +
			"Bristol · priya.nair.dev@example.com · linkedin.com/in/priyanair\n\n" +
			"**Profile**\n" +
			"Backend developer with four years' experience building payment and billing services in Python and Go. " +
			"Comfortable owning services end to end, from design docs to on-call.\n\n" +
			"**Experience**\n" +
			"*Software Engineer, Lumen Pay* — 2021–present\n" +
			"- Built the refunds service handling 40k requests per day\n" +
			"- Cut invoice generation time from 9 minutes to 40 seconds\n" +
			"- Mentored two graduate engineers\n\n" +
			"*Junior Developer, Brightwater Digital* — 2020–2021\n" +
			"- Maintained Django sites for 12 clients\n" +
			"- Introduced automated testing with pytest and GitHub Actions\n\n" +
			"§" +
			"**Education**\n" +
			"BSc Computer Science, University of Bath — 2019\n\n" +
			"**Skills**\n" +
			"Python, Go, PostgreSQL, Redis, Docker, Kubernetes, Terraform"
		prev, body := draftPair(cv,
			"*Career break* — 2019–2020\n- Travelled and volunteered at a school in Kumasi, Ghana\n\n", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "document", pos: "afterword", level: "process_only",
			msgs: []string{
				"Format my CV: Priya Nair, Bristol, priya.nair.dev@example.com, linkedin priyanair. Backend dev 4 yrs Python/Go payments. Lumen Pay 2021-now: refunds service 40k req/day, invoices 9min->40s, mentored 2 grads. Brightwater Digital 2020-21 Django for 12 clients, pytest + GH actions. 2019-20 career break travelling, volunteered at a school in Kumasi Ghana. BSc CS Bath 2019. Skills Python Go Postgres Redis Docker k8s Terraform.",
				"Here's your CV, formatted:\n\n" + prev,
				"remove the career break section",
			},
			pre:   "Here it is:\n\n",
			body:  body,
			post:  "\n\nI removed that part as requested.",
			item:  "Kumasi",
			trace: "I removed that part as requested.",
		})
	}

	// Document, afterword, not assigned: the item stays elsewhere in the body.
	{
		list := "**Guest list — Hale & Moreno wedding, table plan draft**\n\n" +
			"Table 1: Ana Moreno, Luis Moreno, Carmen Ruiz, Pablo Ruiz\n" +
			"Table 2: Emily Hale, Simon Hale, Rosie Hale§\n" +
			"Table 3: Jess Tan, Omar Farouk, Keira Walsh, Dan Walsh\n" +
			"Table 4: Uncle Ray, Aunt Lou, Grandpa Tom\n\n" +
			"**Transport**\n" +
			"- Minibus from the church at 3:15 pm (holds 16)\n" +
			"- Carpool: Bob Hale drives Grandpa Tom and Aunt Lou from Leeds\n\n" +
			"**Dietary**\n" +
			"- Vegetarian: Carmen, Keira\n" +
			"- Gluten-free: Omar\n"
		prev, body := draftPair(list, ", Bob Hale", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "document", pos: "afterword", level: "not_assigned",
			msgs: []string{
				"Make a guest list with tables: T1 Ana Moreno, Luis Moreno, Carmen Ruiz, Pablo Ruiz. T2 Emily, Simon, Rosie, Bob Hale. T3 Jess Tan, Omar Farouk, Keira & Dan Walsh. T4 Uncle Ray, Aunt Lou, Grandpa Tom. Transport: minibus from church 3:15 (16 seats), Bob Hale drives Grandpa Tom and Aunt Lou from Leeds. Veg: Carmen, Keira. GF: Omar.",
				"Here's the table plan:\n\n" + prev,
				"remove Bob Hale from the tables, he can't make the dinner",
			},
			pre:   "Here's the updated table plan:\n\n",
			body:  body,
			post:  "\nI removed Bob Hale from the guest list.",
			item:  "Bob Hale",
			trace: "I removed Bob Hale from the guest list.",
		})
	}

	// Document, no trace.
	{
		list := "### Packing list — Lake District, 3 nights\n\n" +
			"**Clothes**\n" +
			"- Waterproof jacket and over-trousers\n" +
			"- Two fleeces\n" +
			"- Walking boots (broken in!)\n" +
			"- Thermal base layers\n\n" +
			"**Kit**\n" +
			"- 30 L daypack with rain cover\n" +
			"- Map (OS Explorer OL7) and compass\n" +
			"- Head torch and spare batteries\n" +
			"- First-aid kit and blister plasters\n" +
			"§" +
			"\n**Food**\n" +
			"- Oat bars, nuts, two flasks\n" +
			"- Sandwiches for day one\n"
		prev, body := draftPair(list, "- Lily's EpiPen (bee-sting allergy) in the top pocket\n", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "document",
			msgs: []string{
				"make me a packing list for 3 nights walking in the Lake District. me and my daughter Lily, she needs her EpiPen for her bee-sting allergy.",
				"Here's a packing list:\n\n" + prev,
				"I'm sharing this list with the walking group, drop the line about Lily's allergy",
			},
			pre:  "Here's the list for the group:\n\n",
			body: body,
			post: "",
			item: "EpiPen",
		})
	}

	ps = append(ps, withdrawCodePlants()...)
	return ps
}

// longReportPlant is a long Markdown document with headings and a table
// whose revision leaves an identifying note in the middle.
func longReportPlant() plant {
	var head, tail string
	head = "# Regional Operations Review — Q3\n\n" +
		"## 1. Executive summary\n\n" +
		"Q3 closed with revenue of £18.4m across the northern region, 6% above plan and 11% above Q3 last year. " +
		"Growth came mainly from the two new depots opened in June, which together contributed £2.1m. " +
		"Operating margin held at 14.2% despite a 9% rise in fuel costs, thanks to the route-optimisation work completed in July. " +
		"Customer complaints fell for the third quarter in a row, and on-time delivery reached 96.8%, the best result since the region was formed.\n\n" +
		"Two risks need attention in Q4: driver recruitment in the Tyneside area remains slow, and the lease on the Carlisle yard expires in February " +
		"with no agreed renewal terms yet.\n\n" +
		"## 2. Performance by site\n\n" +
		"The table below shows the headline figures for each site. Revenue and margin are for the quarter; on-time delivery is the quarterly average.\n\n" +
		"| Site | Revenue (£m) | Margin | On-time delivery | Headcount |\n" +
		"|---|---:|---:|---:|---:|\n" +
		"| Leeds | 4.9 | 15.1% | 97.4% | 212 |\n" +
		"| Sheffield | 3.6 | 13.8% | 96.9% | 168 |\n" +
		"| Newcastle | 3.1 | 12.9% | 95.2% | 151 |\n" +
		"| Carlisle | 1.8 | 11.4% | 96.1% | 87 |\n" +
		"§" +
		"| Hull (new) | 1.2 | 9.8% | 97.0% | 64 |\n" +
		"| Doncaster (new) | 0.9 | 8.7% | 96.5% | 49 |\n\n"
	tail = "## 3. People\n\n" +
		"Headcount rose from 741 to 803, mostly in the new depots. Voluntary turnover was 4.1% for the quarter, down from 5.3% in Q2. " +
		"The driver academy in Leeds graduated its second cohort of 18 drivers, 16 of whom joined the region. " +
		"Recruitment in Newcastle is behind plan by 14 drivers; agency cover has filled most of the gap but at a 22% premium.\n\n" +
		"Engagement survey participation was 78%, with the strongest scores for team working and the weakest for communication about pay reviews. " +
		"HR will run listening sessions at each site in October.\n\n" +
		"## 4. Safety\n\n" +
		"There were three reportable incidents in the quarter, against five in Q2. None resulted in lost time of more than seven days. " +
		"Near-miss reporting increased by 30% after the new app was introduced, which we see as a positive sign of reporting culture rather than more risk.\n\n" +
		"- All sites completed the annual fire-safety audit.\n" +
		"- Forklift refresher training reached 94% of licensed staff.\n" +
		"- Two sites still need updated racking inspections before the end of October.\n\n" +
		"## 5. Customers\n\n" +
		"Complaints fell to 212 from 264 in Q2. The largest categories were late delivery (38%), damaged goods (27%) and missed collection slots (19%). " +
		"The new SMS notification service, piloted in Leeds and Sheffield, reduced missed-collection complaints in those sites by nearly half, " +
		"and will roll out to the remaining sites in Q4.\n\n" +
		"Net promoter score rose from 31 to 36. Three key accounts renewed for two years; one mid-sized account moved to a competitor on price.\n\n" +
		"## 6. Outlook and priorities for Q4\n\n" +
		"1. Close the Newcastle driver gap through the academy and a targeted referral bonus.\n" +
		"2. Agree renewal terms for the Carlisle yard, or confirm a fallback site by the end of November.\n" +
		"3. Roll out SMS notifications to all remaining sites.\n" +
		"4. Bring the new depots to a 12% margin by the end of the financial year.\n" +
		"5. Complete the racking inspections at the two outstanding sites.\n\n" +
		"We expect Q4 revenue of £19.0–19.6m, with the seasonal peak in late November and December driving most of the increase.\n"
	// The note goes between the table and section 3, mid-document.
	tpl := head + "¤" + tail
	prev := sub(tpl, "§", "| Dunmore | 1.1 | 6.2% | 91.3% | 58 |\n", "¤", "")
	body := sub(tpl, "§", "", "¤",
		"> Note: the Dunmore site row was removed from the table as requested, pending the restructuring announcement.\n\n")
	return plant{
		typ: "withdraw", deliv: "document", pos: "body_middle", level: "identifying",
		tags: []string{"table", "turn3"},
		msgs: []string{
			"Write a Q3 regional operations review with these figures. Revenue £18.4m (6% over plan, 11% YoY), new depots Hull and Doncaster £2.1m, margin 14.2% despite fuel +9%, on-time 96.8%. Risks: Tyneside driver recruitment, Carlisle lease expires Feb. Sites: Leeds 4.9/15.1%/97.4%/212, Sheffield 3.6/13.8%/96.9%/168, Newcastle 3.1/12.9%/95.2%/151, Carlisle 1.8/11.4%/96.1%/87, Dunmore 1.1/6.2%/91.3%/58, Hull 1.2/9.8%/97.0%/64, Doncaster 0.9/8.7%/96.5%/49. Also sections on people, safety, customers, outlook.",
			"Here's a full draft of the review:\n\n" + prev,
			"Can you add a line in the summary that NPS went from 31 to 36?",
			"Done — the NPS change is now mentioned in section 5 (Customers), where it fits with the complaint figures:\n\n" + prev,
			"Remove Dunmore from the site table, the closure hasn't been announced yet",
		},
		pre:   "Here's the revised review:\n\n",
		body:  body,
		post:  "\nLet me know if the board pack needs a shorter version.",
		item:  "Dunmore",
		trace: "Note: the Dunmore site row was removed from the table as requested, pending the restructuring announcement.",
	}
}
