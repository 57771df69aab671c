#!/bin/sh
# Lists local branches with the date of their last commit.
git for-each-ref --sort=committerdate --format='%(committerdate:short) %(refname:short)' refs/heads/
