-- init.lua: Neovim (0.7 and later) as a real client of `cuflow --lsp`, headless.
--
--   CUFLOW=path/to/cuflow nvim --headless --clean -u tests/lsp/init.lua FILE.cu
--
-- Starts the server with vim.lsp.start_client (0.7 has no vim.lsp.start),
-- attaches it to FILE's buffer, waits for cuflow's diagnostics, asks for the
-- code actions on the first one, applies the preferred fix with the client's
-- offset encoding, writes the file, stops the server (shutdown, exit) and
-- quits. The exit status is 0 only if every step worked and the server
-- exited with status 0; the caller compares the written file.
local function say(msg)
  io.stderr:write("nvim: " .. msg .. "\n")
end

local function fail(msg)
  say("FAIL " .. msg)
  vim.cmd("cquit 1")
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  local exit_code
  local client_id = vim.lsp.start_client({
    name = "cuflow",
    cmd = { os.getenv("CUFLOW") or "cuflow", "--lsp" },
    root_dir = vim.fn.getcwd(),
    init_options = { analyseOnChange = false },
    on_exit = function(code) exit_code = code end,
  })
  if not client_id then
    return fail("vim.lsp.start_client failed")
  end
  vim.lsp.buf_attach_client(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  if not vim.wait(120000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    return fail("no diagnostics within 120 s")
  end
  local diags = vim.diagnostic.get(buf)
  local d = diags[1]
  for _, x in ipairs(diags) do
    say(string.format("diagnostic %d:%d-%d:%d %s: %s", x.lnum, x.col, x.end_lnum, x.end_col, x.source, x.message))
  end
  if d.source ~= "cuflow" or d.severity ~= vim.diagnostic.severity.INFO then
    return fail("not an information from cuflow: " .. vim.inspect(d))
  end
  -- the range, in the buffer's bytes, must cover exactly the statement
  local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, true)[1]
  local stmt = line:sub(d.col + 1)
  if d.end_lnum == d.lnum then
    stmt = line:sub(d.col + 1, d.end_col)
  end
  say("the diagnostic starts at: " .. stmt)
  if not stmt:match("^cudaMemcpy%(") then
    return fail("the diagnostic does not start at the cudaMemcpy statement")
  end

  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  local params = vim.lsp.util.make_range_params(0, client.offset_encoding)
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, d.lnum) }
  local resp = client.request_sync("textDocument/codeAction", params, 120000, buf)
  if not resp or resp.err or not resp.result or #resp.result == 0 then
    return fail("no code action: " .. vim.inspect(resp))
  end
  local action = resp.result[1]
  say("code action: " .. action.title)
  if action.kind ~= "quickfix" or not action.edit then
    return fail("not a quickfix with an edit: " .. vim.inspect(action))
  end
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  vim.cmd("silent write")

  client.stop()
  if not vim.wait(30000, function() return exit_code ~= nil end, 50) then
    return fail("the server did not exit")
  end
  say("server exit status " .. exit_code)
  if exit_code ~= 0 then
    return fail("server exit status " .. exit_code)
  end
  vim.cmd("qall!")
end

vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    vim.schedule(function()
      local ok, err = pcall(run)
      if not ok then
        fail(tostring(err))
      end
    end)
  end,
})
