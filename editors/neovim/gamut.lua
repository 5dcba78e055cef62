-- gamut's language server for .game files (Neovim 0.11 or later).
-- Put this file in ~/.config/nvim/plugin/ (see docs/EDITORS.md).
vim.filetype.add({ extension = { game = "gamut" } })

vim.lsp.config("gamut", {
  cmd = { "gamut", "lsp" },
  filetypes = { "gamut" },
  root_markers = { ".git" },
})
vim.lsp.enable("gamut")

-- Comments start with `#`.
vim.api.nvim_create_autocmd("FileType", {
  pattern = "gamut",
  callback = function()
    vim.bo.commentstring = "# %s"
  end,
})
