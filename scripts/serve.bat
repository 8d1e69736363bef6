@echo off
rem The README's run command on Windows (scripts/serve elsewhere): a virtualenv of its own (.venv), filled once
rem from the pinned constraints, then `python -m scorekeeper serve` with this command's arguments
rem (--host 0.0.0.0 for the phones, --port 8000). Delete .venv\.scorekeeper-installed to install again after
rem pyproject.toml or constraints.txt changed; a later start needs no network.
setlocal
cd /d "%~dp0.."
if exist ".venv\Scripts\python.exe" goto installed
py -3 -m venv .venv 2>nul
if not exist ".venv\Scripts\python.exe" python -m venv .venv
if not exist ".venv\Scripts\python.exe" (
  echo error: cannot make a virtualenv: install Python 3.11 or newer from python.org, with "Add python.exe to PATH" 1>&2
  exit /b 2
)
:installed
if exist ".venv\.scorekeeper-installed" goto serve
echo installing scorekeeper and its pinned packages into .venv (once)...
".venv\Scripts\python.exe" -m pip install --quiet --disable-pip-version-check -c constraints.txt -e . || exit /b 1
type nul > ".venv\.scorekeeper-installed"
:serve
".venv\Scripts\python.exe" -m scorekeeper serve %*
