package fixturegen

// decoyPlants are conversations whose cue words must not produce a trace,
// and often not a revision either: cue words in the first turn, questions
// and new tasks with cue words, offers, policy notes, analysis steps and
// code that deletes things; follow-ups such as thanks, continue and an empty
// turn; and a revision request left without a reply.
func decoyPlants() []plant {
	var ps []plant

	ps = append(ps, plant{
		family: "decoy", name: "first-turn-keyword", deliv: "document",
		msgs: []string{
			"remove duplicates from this list and sort it: oats, rice, lentils, oats, chickpeas, rice, quinoa, barley, lentils, couscous",
		},
		pre:  "Here's the list without duplicates, sorted alphabetically:\n\n",
		body: "- barley\n- chickpeas\n- couscous\n- lentils\n- oats\n- quinoa\n- rice\n",
		post: "\nThat's 7 unique items (3 duplicates removed).",
	})

	ps = append(ps, plant{
		family: "decoy", name: "first-turn-keyword", deliv: "document",
		msgs: []string{
			"Delete all personal information from this text before I post it on the forum:\n\n" +
				"\"My name is Gareth Pryce and I live at 5 Willow Close, Cardiff. My router (ISP: Skylink) keeps dropping the connection every evening around 8 pm. " +
				"I've already replaced the cable and reset it twice. You can email me at gareth.pryce@example.net.\"",
		},
		pre: "Here's the text with the personal information removed:\n\n",
		body: "\"My name is [removed] and I live at [removed]. My router (ISP: Skylink) keeps dropping the connection every evening around 8 pm. " +
			"I've already replaced the cable and reset it twice. You can email me at [removed].\"",
		post: "\n\nI kept the ISP name because it helps people diagnose the problem.",
	})

	ps = append(ps, plant{
		family: "decoy", name: "howto-remove",
		msgs: []string{
			"write a commit message for a change that adds pagination to the /orders endpoint",
			"Add pagination to GET /orders\n\nThe endpoint now accepts `page` and `per_page` query parameters (default 1 and 50, max 200) and returns `X-Total-Count` and `Link` headers.",
			"how do I remove a git branch? both locally and on the remote",
		},
		pre: "To delete a branch locally:\n\n" + fence + "bash\n",
		body: "git branch -d feature/pagination      # only if it's merged\n" +
			"git branch -D feature/pagination      # force, even if unmerged\n",
		post: fence + "\n\nTo delete it on the remote:\n\n" + fence + "bash\ngit push origin --delete feature/pagination\n" + fence +
			"\n\nOther people can then run `git fetch --prune` to remove their stale remote-tracking branch.",
	})

	ps = append(ps, plant{
		family: "decoy", name: "new-task",
		msgs: []string{
			"what's the difference between os.remove and shutil.rmtree?",
			"`os.remove(path)` deletes a single file (it raises `IsADirectoryError` for a directory), while `shutil.rmtree(path)` deletes a directory and everything inside it. " +
				"For an empty directory you can also use `os.rmdir`.",
			"write a function that deletes files older than 30 days in a folder",
		},
		pre: "Here's a function using only the standard library:\n\n" + fence + "python\n",
		body: "import os\n" +
			"import time\n\n\n" +
			"def delete_old_files(folder, days=30):\n" +
			"    \"\"\"Delete regular files in folder whose modification time is older than days.\"\"\"\n" +
			"    cutoff = time.time() - days * 86400\n" +
			"    removed = []\n" +
			"    for name in os.listdir(folder):\n" +
			"        path = os.path.join(folder, name)\n" +
			"        if os.path.isfile(path) and os.path.getmtime(path) < cutoff:\n" +
			"            os.remove(path)\n" +
			"            removed.append(path)\n" +
			"    return removed\n",
		post: fence + "\n\nIt returns the list of deleted paths, which is handy for logging.",
	})

	ps = append(ps, plant{
		family: "decoy", name: "new-task",
		msgs: []string{
			"Give me three name ideas for a bathroom cleaning product.",
			"1. **SparkleShield**\n2. **FreshTile**\n3. **MoldAway Pro**",
			"Write a paragraph explaining how to remove mould from a bathroom ceiling.",
		},
		body: "To remove mould from a bathroom ceiling, first open a window and put on gloves, goggles and a mask. " +
			"Mix one part white vinegar with one part water in a spray bottle, mist the affected area and leave it for an hour. " +
			"Scrub gently with a soft brush, wipe the ceiling with a damp cloth and let it dry completely. " +
			"For stubborn patches, a diluted bleach solution works, but never mix bleach with vinegar. " +
			"Finally, run the extractor fan during and after showers to keep the mould from coming back.",
	})

	// An offer in the reply to a reformat request.
	{
		prev := "Dear neighbours,\n\nAs many of you know, the bins on our street have been collected late for three weeks running, and last Tuesday they were not collected at all. " +
			"I have contacted the council twice, and they told me that the contractor is short of drivers. I think we would have more success if several of us complained, " +
			"so I have written a template below that you can copy. Please send it to the council's waste team before Friday.\n\nThanks,\nBeatriz (no. 17)"
		ps = append(ps, plant{
			family: "decoy", name: "offer", typ: "reformat", deliv: "message",
			msgs: []string{
				"write a note to my neighbours about the late bin collections (3 weeks late, missed last Tuesday), I called the council twice, contractor short of drivers, ask them to complain too before Friday using a template. Beatriz no 17",
				prev,
				"make it shorter, people won't read all that",
			},
			pre: "Here's a shorter version:\n\n",
			body: "Hi neighbours,\n\nOur bins have been collected late for three weeks and were missed entirely last Tuesday. " +
				"The council says the contractor is short of drivers — more complaints will help. Please email the waste team before Friday.\n\nThanks,\nBeatriz (no. 17)",
			post: "\n\nLet me know if you'd like me to remove anything else.",
		})
	}

	// A policy note in the reply to a withdraw request.
	{
		msg := "Hi Coach Reyes,\n\n" +
			"Milo won't be at practice on Wednesday or Saturday this week — we're away for a family event§. " +
			"He'll be back for next Tuesday's session and is keen not to lose his place for the tournament.\n\n" +
			"Thanks for understanding,\n" +
			"Clara (Milo's mum)"
		prev, body := draftPair(msg, " at my parents' place, 22 Bramble Way in Harrogate", "")
		ps = append(ps, plant{
			family: "decoy", name: "policy-note", typ: "withdraw", deliv: "message",
			msgs: []string{
				"text to Milo's football coach, Coach Reyes: he'll miss practice Wednesday and Saturday, family event at my parents' place 22 Bramble Way Harrogate, back Tuesday, doesn't want to lose his tournament spot. Clara, Milo's mum",
				"Here's a message:\n\n" + prev,
				"remove my parents' address",
			},
			pre:  "Here's the updated message:\n\n",
			body: body,
			post: "\n\nThis message contains no personal information.",
			item: "22 Bramble Way",
		})
	}

	// A description of analysis steps in the reply to an extend request.
	{
		prev := "## Results\n\nThe gradient-boosting model predicted next-month churn with an AUC of 0.87 on the held-out test set, compared with 0.79 for logistic regression. " +
			"The three most important features were days since last login, number of support tickets and the change in monthly spend."
		body := "## Data and methods\n\n" +
			"We used 18 months of account data for 41,200 customers. Rows with missing values were removed before fitting, leaving 38,950 customers. " +
			"Numeric features were standardised, and the data was split 80/20 into training and test sets, stratified by churn. " +
			"We compared logistic regression with a gradient-boosting model tuned by five-fold cross-validation.\n\n" +
			prev
		ps = append(ps, plant{
			family: "decoy", name: "data-cleaning", typ: "extend", deliv: "document",
			msgs: []string{
				"write a short results section: gradient boosting churn model AUC 0.87 on test vs 0.79 logistic regression, top features days since last login, support tickets, change in monthly spend",
				prev,
				"add a data and methods section before it: 18 months of data, 41,200 customers, dropped rows with missing values (38,950 left), standardised, 80/20 stratified split, 5-fold CV tuning",
			},
			pre:  "Here's the expanded version:\n\n",
			body: body,
			post: "",
		})
	}

	// Code that deletes things, in the reply to a correct request.
	{
		prevSrc := "import os\nimport time\n\n\ndef clean_cache(folder, max_age_days=7):\n    cutoff = time.time() - max_age_days * 86400\n    for name in os.listdir(folder):\n        path = os.path.join(folder, name)\n        if os.path.getmtime(path) < cutoff:\n            os.remove(path)\n"
		body := "import os\n" +
			"import time\n\n\n" +
			"def clean_cache(folder, max_age_days=7):\n" +
			"    \"\"\"Delete cached files older than max_age_days; a missing folder is not an error.\"\"\"\n" +
			"    if not os.path.isdir(folder):\n" +
			"        return 0\n" +
			"    cutoff = time.time() - max_age_days * 86400\n" +
			"    count = 0\n" +
			"    for name in os.listdir(folder):\n" +
			"        path = os.path.join(folder, name)\n" +
			"        if os.path.isfile(path) and os.path.getmtime(path) < cutoff:\n" +
			"            os.remove(path)\n" +
			"            count += 1\n" +
			"    return count\n"
		ps = append(ps, plant{
			family: "decoy", name: "code-deletes", typ: "correct", deliv: "code",
			tags: []string{"python"},
			msgs: []string{
				"python function to clear files older than 7 days from a cache folder",
				fence + "python\n" + prevSrc + fence,
				"it crashes with FileNotFoundError when the cache folder doesn't exist yet, fix it",
			},
			pre:  "Here's the fixed function:\n\n" + fence + "python\n",
			body: body,
			post: fence + "\n\nThe function now deletes only regular files and returns how many were removed, so you can log it.",
		})
	}

	ps = append(ps, plant{
		family: "decoy", name: "question",
		msgs: []string{
			"bash one-liner to compress all .log files in /var/log/myapp older than a day",
			"```bash\nfind /var/log/myapp -name '*.log' -mtime +1 -exec gzip {} \\;\n```",
			"does this also delete the original log files?",
		},
		body: "Yes — `gzip` replaces each file with its compressed version, so `app.log` becomes `app.log.gz` and the original is gone. " +
			"If you want to keep the originals, add `-k` (`gzip -k`).",
	})

	ps = append(ps, plant{
		family: "decoy", name: "quoted-cue",
		msgs: []string{
			"what's a good way to start an essay about climate migration?",
			"A strong opening could start with a concrete story — for example, a farming family in Bangladesh moving inland after repeated floods — and then widen to the numbers: " +
				"the World Bank estimates that up to 216 million people could move within their own countries by 2050 because of climate change.",
			"My teacher wrote \"remove the passive voice\" next to my second paragraph. What does she mean?",
		},
		body: "She means sentences where the subject receives the action instead of doing it. For example, \"The villages were flooded by the river\" is passive; " +
			"\"The river flooded the villages\" is active. Active sentences are usually shorter and clearer, so look for forms of \"to be\" followed by a past participle " +
			"(\"was decided\", \"were moved\") and rewrite them so that the person or thing doing the action comes first.",
	})

	ps = append(ps, plant{
		family: "decoy", name: "cue-in-code",
		msgs: []string{
			"how do I loop over a list in python with the index?",
			"Use `enumerate`:\n\n```python\nfor i, item in enumerate(items):\n    print(i, item)\n```",
			"why does this skip elements?\n\n```python\nnums = [1, 2, 2, 3, 4]\nfor n in nums:\n    if n % 2 == 0:\n        nums.remove(n)\nprint(nums)  # [1, 2, 3]\n```",
		},
		body: "Removing items from a list while you iterate over it shifts the remaining elements left, so the loop skips the element right after each one you remove. " +
			"Build a new list instead:\n\n```python\nnums = [n for n in nums if n % 2 != 0]\n```",
	})

	ps = append(ps, plant{
		family: "followup", name: "thanks",
		msgs: []string{
			"translate to French: \"The meeting has been moved to Monday at 10.\"",
			"« La réunion a été déplacée à lundi à 10 heures. »",
			"thanks!",
		},
		body: "You're welcome! Let me know if you need anything else translated.",
	})

	ps = append(ps, plant{
		family: "followup", name: "continue",
		msgs: []string{
			"start a short story about a lighthouse keeper who finds a message in a bottle",
			"The storm had blown itself out by dawn, leaving the rocks below the lighthouse glittering with foam. " +
				"Edda made her rounds as she had for twenty-two years: lamp, log, kettle, shore. It was on the shore that she saw it — a green bottle, " +
				"wedged between two stones, its cork sealed with red wax.\n\n" +
				"Inside was a single sheet of paper, folded into eighths. The handwriting was small and careful, and the first line made her sit down on the wet sand:\n\n" +
				"*If you are reading this, the light is still burning.*",
			"continue",
		},
		body: "She read it twice before the words settled. The letter was dated forty years earlier, to the week, and signed only with an initial: *M.*\n\n" +
			"Edda knew of only one keeper before her. Her predecessor, old Magnus Holt, had left the island the winter she arrived, and no one on the mainland ever spoke of him. " +
			"She carried the letter up the hundred and twelve steps, laid it on the desk beside the log, and for the first time in twenty-two years forgot to put the kettle on.",
	})

	ps = append(ps, plant{
		family: "followup", name: "empty",
		msgs: []string{
			"write a two-line birthday message for my sister Ruth who is turning 30",
			"Happy 30th, Ruth! 🎂 Here's to a decade of big adventures, good coffee and even better company — love you loads.",
			"",
		},
		body: "It looks like your last message came through empty. Would you like me to change the birthday message, or is there something else I can help with?",
	})

	// A revision request that is the last message: no reply.
	{
		prev := "Hi Jess,\n\nThanks for a great first month on the team! As agreed, your probation review will be on 30 September. " +
			"Your starting salary of £52,000 will be reviewed after the probation period, in line with the team's banding.\n\nBest,\nHelen"
		ps = append(ps, plant{
			typ: "withdraw", noReply: true,
			msgs: []string{
				"write a short note to Jess: great first month, probation review 30 Sept, salary £52,000 reviewed after probation in line with banding. From Helen",
				prev,
				"remove the salary part, I'll cc the whole team",
			},
			item: "£52,000",
		})
	}

	return ps
}
